# Canasta Scorekeeper — everyday tasks. `make run` to serve, `make test` to check.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck translations extract venv bench

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	touch $@

# Compile the .po catalogs into .mo files (build products, not committed).
translations: venv
	@if ls translations/*/LC_MESSAGES/*.po >/dev/null 2>&1; then \
		$(BIN)/pybabel compile -d translations; \
	fi

run: venv translations
	$(BIN)/flask --app scorekeeper db upgrade
	@$(BIN)/python -c $$'import socket\nip = "127.0.0.1"\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ntry:\n    s.connect(("10.254.254.254", 1))  # UDP connect: picks a route, sends nothing\n    ip = s.getsockname()[0]\nexcept OSError:\n    pass\nfinally:\n    s.close()\nprint(f"Open on your phone (same Wi-Fi): http://{ip}:'"$${PORT:-5000}"'/")'
	$(BIN)/flask --app scorekeeper run --host 0.0.0.0 --port $${PORT:-5000}

test: venv translations
	$(BIN)/ruff check .
	@if [ -d scorekeeper/engine ]; then $(BIN)/mypy --strict scorekeeper/engine; fi
	$(BIN)/pytest -q

lint: venv
	$(BIN)/ruff check .

typecheck: venv
	$(BIN)/mypy --strict scorekeeper/engine

# Extract the strings to translate, then update (or create) the Spanish catalog.
extract: venv
	mkdir -p translations
	$(BIN)/pybabel extract -F babel.cfg -k _l -k N_ -k lazy_gettext \
		--project "Canasta Scorekeeper" -o translations/messages.pot .
	@if [ -f translations/es/LC_MESSAGES/messages.po ]; then \
		$(BIN)/pybabel update -i translations/messages.pot -d translations -l es; \
	else \
		$(BIN)/pybabel init -i translations/messages.pot -d translations -l es; \
	fi

# Speed figures (gunicorn + wrk, ratios to a bare Flask app in the same run): see bench/README.md.
bench: venv
	bench/run
