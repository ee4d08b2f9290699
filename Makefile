# Canasta Scorekeeper — everyday tasks. `make run` to serve, `make test` to check.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck translations extract venv app bench club-night stats-figure \
	paper-load stack stack-down host-app

# `make run` installs only what the app needs; the test and lint tools (the `dev` extra) come
# with `make test` and the other developer targets.
app: $(VENV)/.app-installed
venv: $(VENV)/.installed

# uv installs the same packages as pip, from PyPI (uv does not read pip.conf's extra indexes,
# which this project does not need), in a fifth of the time: 7 s instead of 34 s for the dev
# extra on a fresh clone. Where uv cannot be had or fails, pip does it.
INSTALL = $(BIN)/pip install -q uv && $(BIN)/uv pip install -q --python $(BIN)/python
FALLBACK = $(BIN)/pip install -q

$(VENV)/.app-installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(INSTALL) -e . || $(FALLBACK) -e .
	touch $@

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(INSTALL) -e '.[dev]' || $(FALLBACK) -e '.[dev]'
	touch $(VENV)/.app-installed $@

# Compile the .po catalogs into .mo files (build products, not committed). Quietly: `make run`
# prints only what a player needs; a catalog's warnings and errors still show.
translations: app
	@if ls translations/*/LC_MESSAGES/*.po >/dev/null 2>&1; then \
		$(BIN)/pybabel -q compile -d translations; \
	fi

# gunicorn on every interface; its last lines are the address phones open and its QR code.
# `exec`: the shell gives its place to the server, so Ctrl+C is the server's to answer (one
# line, "Stopped.", exit 0) and make has nothing of its own to add.
run: app translations
	@$(BIN)/flask --app scorekeeper db upgrade -x quiet
	@exec $(BIN)/python -m scorekeeper.serve --port $${PORT:-5000}

test: venv translations
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper
	$(BIN)/pytest -q -n auto --dist worksteal

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy --strict scorekeeper

# Extract the strings to translate, then update (or create) the Spanish catalog.
extract: venv
	mkdir -p translations
	$(BIN)/pybabel extract -F babel.cfg -k _l -k N_ -k lazy_gettext \
		-k Nn_:1,2 -k own_gettext:2 -k own_ngettext:2,3 \
		--project "Canasta Scorekeeper" -o translations/messages.pot .
	@for lang in es pt it; do \
		if [ -f translations/$$lang/LC_MESSAGES/messages.po ]; then \
			$(BIN)/pybabel update -i translations/messages.pot -d translations -l $$lang; \
		else \
			$(BIN)/pybabel init -i translations/messages.pot -d translations -l $$lang; \
		fi; \
	done

# Speed figures (gunicorn + wrk, ratios to a bare Flask app in the same run; a club night; the
# statistics figure): see bench/README.md. Fails on a 5xx or a save p95 ratio over 2.
bench: venv translations
	bench/run

# A club night alone (issue 12; 50 tables at a club's pace for 4 minutes): ARGS="--tables
# 50,100,200,400 --database postgresql+psycopg://..." searches for the largest N that holds.
club-night: venv translations
	$(BIN)/python bench/club_night.py $(ARGS)

# Issue 10's figure: save p95 with eight statistics readers against idle, 5,000 games stored.
stats-figure: venv translations
	$(BIN)/python bench/stats_readers.py $(ARGS)

# Issue 21's cost figure: a save's p95 alone and while 4 strangers ask for the costliest papers.
paper-load: venv translations
	$(BIN)/python bench/paper_load.py $(ARGS)

# The app with the Redis client (the rate limits' storage), as deploy/ runs it on a host.
host-app: $(VENV)/.host-installed

$(VENV)/.host-installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(INSTALL) -e '.[redis]' || $(FALLBACK) -e '.[redis]'
	touch $@

# deploy/'s stack on this machine: Caddy (https://localhost:8443, its own CA) in front of two
# app servers (Unix sockets in instance/stack/sockets), PostgreSQL and a Redis with a password;
# installs caddy (and redis-server), migrates, prints the https address last. See
# deploy/README.md.
stack: host-app translations
	@$(BIN)/python deploy/stack.py up

stack-down:
	@$(BIN)/python deploy/stack.py down
