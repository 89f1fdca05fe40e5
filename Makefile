# arxiv-radar: `make demo` and `make test` work from a fresh clone (they install first).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: install demo test check lint typecheck clean

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

lint: install
	$(BIN)/ruff check monitor tests
	$(BIN)/ruff format --check monitor tests

typecheck: install
	$(BIN)/mypy

check: lint typecheck

test: check
	$(BIN)/pytest -q

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache
