# Two commands set everything up on a machine with only python3 and make: `make run`, `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export DEBUG ?= 1
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-fast conformance lint format bench faults fuzz rngtest soak bootstrap migrate demo messages screenshots clean

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
# TEST_WORKERS processes (pytest-xdist) share the files out, each on its own test database and
# channel-layer prefix; TEST_WORKERS=0 runs everything in one process.
TEST_WORKERS ?= 2
test: bootstrap
	CONN_MAX_AGE=0 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# A developer's inner loop: the tests measured under a second (marked `fast` by tests/conftest.py
# from tests/slow_tests.txt; no browser, no server, no conformance matrix).
test-fast: bootstrap
	CONN_MAX_AGE=0 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not slow" -q \
		$(PYTEST_ARGS)

# The conformance suite's full matrix: every engine x every example config x every count of
# seats, two long sessions a config, and every config's shared sections in both languages (a CI
# run plays the extremes and a middle count rotating with the commit, and one language a config:
# tests/rotation.py; CONFORMANCE_SEED=<seed> replays a run's sample).
conformance: bootstrap
	CONFORMANCE_FULL=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS) \
		tests/tables/engines/test_conformance.py tests/tables/engines/test_conformance_sessions.py \
		tests/tables/test_shared_sections.py

lint: bootstrap
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: bootstrap
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: migrate
	$(BIN)/python benchmarks/run.py

# kill -9 at random points, Redis restarted, PostgreSQL backends ended (benchmarks/faults.py):
# on PostgreSQL + a private redis-server; FAULTS_DATABASE_URL, FAULTS_RUNS (default 20 a kind)
faults: bootstrap
	$(BIN)/python benchmarks/faults.py

# 10^5 random and malformed frames against every websocket consumer (benchmarks/fuzz.py)
fuzz: bootstrap
	$(BIN)/python benchmarks/fuzz.py

# chi-square and runs tests over 10^6 shuffles of each pack and shoe and 10^6 rolls
rngtest: bootstrap
	$(BIN)/python benchmarks/rngtest.py

# The long load run on PostgreSQL + Redis (benchmarks/soak.py; SOAK_* variables, ten minutes).
soak: bootstrap
	$(BIN)/python benchmarks/soak.py

# every page x role x width as a full-page PNG, Russian and English, with an index.html contact
# sheet and the page audit's findings (tests/browser/screenshots.py); SCREENSHOTS_DIR to choose
screenshots: bootstrap
	$(BIN)/python -m tests.browser.screenshots $(SCREENSHOTS_DIR)

messages: bootstrap
	$(BIN)/python manage.py makemessages -l ru -l en --ignore=.venv --ignore=tests --ignore=benchmarks
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) casino.sqlite3* test-casino.sqlite3*
