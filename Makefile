# The two commands (README): `make run` and `make test`. Everything else is a
# step of those two, or the separate benchmark (`make bench`).
SHELL := /bin/bash
.DEFAULT_GOAL := run

CARGO ?= cargo
NPM ?= npm
DATA_DIR ?= $(CURDIR)/data

.PHONY: run test frontend-deps frontend-build rust-lint rust-test frontend-check e2e fuzz bench

## Builds the web app and the server, then starts the whole marketplace on
## SQLite under ./data with demo accounts (printed with the URL).
run: frontend-build
	$(CARGO) build --release -p equilibre
	EQUILIBRE_DATA_DIR=$${EQUILIBRE_DATA_DIR:-$(DATA_DIR)} EQUILIBRE_STATIC_DIR=$(CURDIR)/frontend/dist \
	EQUILIBRE_COOKIE_SECURE=$${EQUILIBRE_COOKIE_SECURE:-true} ./target/release/equilibre serve

## Every test: Rust format, lints and tests (SQLite and PostgreSQL, NATS,
## SMTP), the frontend's lint, type check and unit tests, browser tests, and
## the OpenAPI fuzzer (schemathesis) as each role.
test: rust-lint frontend-check rust-test e2e fuzz

frontend-deps:
	@if [ ! -d frontend/node_modules ]; then cd frontend && $(NPM) ci --no-audit --no-fund; fi

frontend-build: frontend-deps
	cd frontend && $(NPM) run build

rust-lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

# Most of the integration suite's time is spent waiting (a fresh database per
# test, fsync, SMTP, NATS): eight at a time halve it on two cores, and stay
# within PostgreSQL's 100 connections (sixteen do not).
RUST_TEST_THREADS ?= 8

rust-test:
	RUST_TEST_THREADS=$(RUST_TEST_THREADS) $(CARGO) test --workspace --all-features

frontend-check: frontend-deps
	cd frontend && $(NPM) run check

# The server binary of the browser tests and the fuzzer is the one the Rust
# tests build (same command, same features): after `rust-test` nothing is
# compiled again.
SERVER_BUILD = $(CARGO) test --workspace --all-features --no-run

e2e: frontend-build
	$(SERVER_BUILD)
	cd frontend && $(NPM) run e2e

fuzz:
	$(SERVER_BUILD)
	python3 equilibre/tests/fuzz/fuzz.py target/debug/equilibre

## Prints throughput and latency figures; asserts nothing.
bench: frontend-build
	$(CARGO) run --release -p bench
	$(CARGO) build --release -p equilibre
	cd frontend && node bench/public-pages.mjs
