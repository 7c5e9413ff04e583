# Two commands set everything up on a machine with only python3 and make: `make run`, `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export DEBUG ?= 1
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format bench soak bootstrap migrate demo messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

bootstrap: $(STAMP)

migrate: bootstrap
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py loaddemo

run: demo
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(BIN)/daphne -b $(HOST) -p $(PORT) casino.asgi:application

# CONN_MAX_AGE=0: threads in the tests must not keep PostgreSQL sessions open past their test.
test: bootstrap
	CONN_MAX_AGE=0 $(BIN)/python -m pytest $(PYTEST_ARGS)

lint: bootstrap
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: bootstrap
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: migrate
	$(BIN)/python benchmarks/run.py

# The long load run on PostgreSQL + Redis (benchmarks/soak.py; SOAK_* variables, ten minutes).
soak: bootstrap
	$(BIN)/python benchmarks/soak.py

messages: bootstrap
	$(BIN)/python manage.py makemessages -l ru -l en --ignore=.venv --ignore=tests --ignore=benchmarks
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) casino.sqlite3* test-casino.sqlite3*
