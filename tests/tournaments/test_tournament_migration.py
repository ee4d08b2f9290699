"""The migration creates the tournament tables as the models describe them, and removes them."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from scorekeeper.extensions import db

TABLES = {"tournament", "tournament_pair", "tournament_round", "tournament_table"}


@pytest.mark.own_app
def test_upgrade_matches_the_models_and_downgrade_removes_the_tables(make_app, settings):
    app = make_app(settings)
    runner = app.test_cli_runner()
    try:
        result = runner.invoke(args=["db", "upgrade"])
        assert result.exit_code == 0, result.output
        with app.app_context():
            assert TABLES <= set(inspect(db.engine).get_table_names())
        # Nothing left for autogenerate to add: the migration and the models agree.
        result = runner.invoke(args=["db", "check"])
        assert result.exit_code == 0, result.output
        result = runner.invoke(args=["db", "downgrade", "30a966ebc1df"])
        assert result.exit_code == 0, result.output
        with app.app_context():
            names = set(inspect(db.engine).get_table_names())
            assert not TABLES & names and "game" in names
    finally:
        with app.app_context():
            db.drop_all()
            with db.engine.begin() as conn:
                conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
            db.engine.dispose()
