# arxiv-radar: `make demo` and `make test` work from a fresh clone (they install first).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: install browser demo test check lint typecheck clean

install: $(STAMP)

# torch first, pinned to the CPU wheel: an unpinned torch pulls a multi-GB CUDA build.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

SAMPLE := monitor/assets/sample

demo: install
	$(BIN)/radar sync --offline --from-jsonl $(SAMPLE)/reading_list.jsonl
	$(BIN)/radar list | tail -n 1
	$(BIN)/radar run --feed $(SAMPLE)/2025-08-20_cs.AI_atom.xml --offline
	@echo "Open digests/2025-08-20.md or digests/2025-08-20.html; the mail is in digests/outbox/."
	@echo "Triage the day on the local page: $(BIN)/radar web, then open http://127.0.0.1:8765/"

lint: install
	$(BIN)/ruff check monitor tests
	$(BIN)/ruff format --check monitor tests

typecheck: install
	$(BIN)/mypy

check: lint typecheck

# The browser tests drive Debian's chromium through Playwright (never `playwright install`):
# installed here with apt-get when missing (root, as on CI; otherwise run it with sudo).
browser:
	@command -v chromium >/dev/null || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: check browser
	$(BIN)/pytest -q

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
