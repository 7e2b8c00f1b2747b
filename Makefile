# QAI — see README.md. `make start` runs the embedded default; `make test` runs every test.
SHELL := /bin/bash
STAMPS := .make
EVAL_DIR ?= ../shared/eval
PROTO_FILES := $(shell find proto -name '*.proto') proto/buf.yaml proto/buf.gen.yaml
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

.PHONY: start test build lint generate install bench fuzz eval compose-up helm-lint clean cluster cluster-drill

start: build
	node services/all-in-one/dist/main.js

# The type check of the tests and lint come first: a type error in a test fails the run.
test: build lint
	@mkdir -p $(STAMPS)
	npx jest --json --outputFile=$(STAMPS)/jest-results.json

build: install $(STAMPS)/generated web/dist/index.html
	npx tsc -b tsconfig.build.json

install: node_modules/.package-lock.json

# npm ci rewrites node_modules/.package-lock.json, so this reruns only when the lockfile changes.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

generate: install
	npm run generate
	@mkdir -p $(STAMPS) && touch $(STAMPS)/generated

$(STAMPS)/generated: $(PROTO_FILES) | node_modules/.package-lock.json
	npm run generate
	@mkdir -p $(STAMPS) && touch $@

web/dist/index.html: $(WEB_SOURCES) | node_modules/.package-lock.json
	npm run build -w web

lint: install
	npx tsc -p tsconfig.test.json
	npx eslint .
	cd proto && ../node_modules/.bin/buf lint

bench: build
	npx tsx --tsconfig tsconfig.test.json bench/knowledge.ts
	npx tsx --tsconfig tsconfig.test.json bench/startup.ts
	npx tsx --tsconfig tsconfig.test.json bench/gateway.ts
	npx tsx --tsconfig tsconfig.test.json bench/ask.ts
	npx tsx --tsconfig tsconfig.test.json bench/streams.ts
	npx tsx --tsconfig tsconfig.test.json bench/answer.ts
	npx tsx --tsconfig tsconfig.test.json bench/chat-render.ts
	npx tsx --tsconfig tsconfig.test.json bench/admin-analytics.ts
	npx tsx --tsconfig tsconfig.test.json bench/distributed.ts
	npx tsx --tsconfig tsconfig.test.json bench/landing.ts

# Every /api operation of /api/openapi.json fuzzed with 1,000 generated cases (make test sends 50 each);
# FUZZ_SEED=<seed> replays a run, FUZZ_RUNS=<n> changes the count.
fuzz: build
	FUZZ_RUNS=$${FUZZ_RUNS:-1000} FUZZ_TIMEOUT_MS=3600000 FUZZ_REPORT=1 npx jest services/all-in-one/test/openapi-fuzz.test.ts

eval: install
	python3 $(EVAL_DIR)/score.py $(EVAL_DIR)/retrieval-dev.jsonl --ranker 'npx tsx bench/eval/ranker.ts'
	python3 $(EVAL_DIR)/score.py $(EVAL_DIR)/everyday-dev.jsonl --ranker 'npx tsx bench/eval/ranker.ts' --by style,lang
	npx tsx --tsconfig tsconfig.test.json bench/eval/answers.ts $(EVAL_DIR)/everyday-dev.jsonl
	for probe in bench/eval/probes/*.jsonl; do python3 $(EVAL_DIR)/score.py $$probe --ranker 'npx tsx bench/eval/ranker.ts' --by style; done

# The distributed mode on this machine, without Docker (deploy/local/README.md): Kafka, Elasticsearch, Redis and
# every service its own process, on http://localhost:8080; runs in the background: deploy/local/cluster.sh status|stop.
cluster: build
	deploy/local/cluster.sh start

# The kill -9 drill (bench/README.md) on a cluster of its own (ports 18080, 51051-51057, 19999; a 20 s reservation
# lease), stopped at the end; DRILL_TRIALS=<n> (default 50).
DRILL_ENV := CLUSTER_DIR=$(CURDIR)/.data/local/cluster-drill QAI_PORT=18080 CLUSTER_GRPC_BASE=51051 AUTH_HTTP_PORT=19999 CLUSTER_GROUP_PREFIX=drill. QUOTA_RESERVATION_LEASE_MS=20000 AUTH_AUTOCONFIRM=true
cluster-drill: build
	$(DRILL_ENV) deploy/local/cluster.sh start
	$(DRILL_ENV) npx tsx --tsconfig tsconfig.test.json bench/cluster-drill.ts --trials $${DRILL_TRIALS:-50} --dir .data/local/cluster-drill --port 18080 --lease-ms 20000; \
	  status=$$?; $(DRILL_ENV) deploy/local/cluster.sh stop; exit $$status

# The distributed mode (deploy/README.md); COOKIE_SECRET from the environment or .env, else a fresh one;
# AUTH_KEYS_SECRET likewise, else one made once and kept in .data/compose-auth-keys.secret (it seals auth's keys).
compose-up:
	@mkdir -p .data && [ -s .data/compose-auth-keys.secret ] || (umask 077 && openssl rand -hex 32 >.data/compose-auth-keys.secret)
	COOKIE_SECRET=$${COOKIE_SECRET:-$$(openssl rand -hex 32)} AUTH_KEYS_SECRET=$${AUTH_KEYS_SECRET:-$$(cat .data/compose-auth-keys.secret)} docker compose up --build

# The chart with each of its value sets (helm/qai/ci), and the kustomize overlays (deploy/test also checks them
# against the Kubernetes schemas); tools from scripts/install-deploy-tools.sh.
helm-lint:
	scripts/install-deploy-tools.sh
	helm=$$(scripts/install-deploy-tools.sh --dir)/bin/helm; $$helm lint --strict helm/qai && $$helm template qai helm/qai >/dev/null && \
	  for values in helm/qai/ci/*.yaml; do $$helm lint --strict helm/qai -f $$values && $$helm template qai helm/qai -f $$values >/dev/null || exit 1; done
	kustomize=$$(scripts/install-deploy-tools.sh --dir)/bin/kustomize; $$kustomize build deploy/overlays/dev >/dev/null && $$kustomize build deploy/overlays/prod >/dev/null

clean:
	rm -rf $(STAMPS) web/dist packages/*/dist services/*/dist packages/*/*.tsbuildinfo services/*/*.tsbuildinfo
