#!/usr/bin/env bash
# Installs the tools that check the deployment files (deploy/test/, `make helm-lint`) into
# ${QAI_CACHE:-$HOME/.cache/qai}/deploy-tools, once; later runs only check they are there:
#   helm                  Helm 3, built from the Go module proxy (no release binaries needed)
#   kustomize             Kustomize 5 (deploy/base, deploy/overlays), built the same way
#   kubernetes-validate   PyPI; bundles the Kubernetes JSON schemas of every minor version
#   check-jsonschema      PyPI; validates docker-compose.yml against the compose-spec schema
#   compose-spec.json     the schema `docker compose` itself uses, from the Go module compose-go
# `scripts/install-deploy-tools.sh --dir` prints the directory (its bin/ holds the commands).
# Needs Go 1.22+ and Python 3.9+ with venv.
set -euo pipefail

HELM_VERSION="${HELM_VERSION:-v3.19.0}"
KUSTOMIZE_VERSION="${KUSTOMIZE_VERSION:-v5.7.1}"
KUBERNETES_VALIDATE_VERSION="${KUBERNETES_VALIDATE_VERSION:-1.37.0}"
CHECK_JSONSCHEMA_VERSION="${CHECK_JSONSCHEMA_VERSION:-0.39.0}"
COMPOSE_GO_VERSION="${COMPOSE_GO_VERSION:-v2.9.0}"
TOOLS="${QAI_CACHE:-$HOME/.cache/qai}/deploy-tools"
BIN="$TOOLS/bin"

if [[ "${1:-}" == "--dir" ]]; then echo "$TOOLS"; exit 0; fi

say() { printf 'install-deploy-tools: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
mkdir -p "$BIN"

# `go install pkg@version` asks the proxy for a version list that is not always served, so a
# throwaway module that requires the tool builds its command instead (as deploy/local/ferretdb.sh does).
# Prints the module's directory: go.mod requiring <module> <version>, tools.go importing <package>.
throwaway_module() {
  local name="$1" module="$2" version="$3" package="$4" src
  src="$(mktemp -d)"
  printf 'module qai.local/%s\n\ngo 1.22\n\nrequire %s %s\n' "$name" "$module" "$version" >"$src/go.mod"
  printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$package" >"$src/tools.go"
  echo "$src"
}

# Builds <package> of <module>@<version> into <target> (once), through a throwaway module; <ldflags_fn>, when
# given, runs in the module's directory after `go mod tidy` and prints extra -ldflags.
build_go_command() {
  local name="$1" target="$2" module="$3" version="$4" package="$5" ldflags_fn="${6:-}"
  [[ -x "$target" ]] && return
  command -v go >/dev/null || die "needs go 1.22+ to build $name"
  say "building $package@$version from the Go module proxy (a few minutes)"
  local src
  src="$(throwaway_module "$name" "$module" "$version" "$package")"
  (
    cd "$src"
    nice -n 15 go mod tidy
    local flags="-s -w"
    if [[ -n "$ldflags_fn" ]]; then flags+=" $("$ldflags_fn")"; fi
    mkdir -p "$(dirname "$target")"
    nice -n 15 go build -trimpath -o "$target.tmp" -ldflags "$flags" "$package"
  )
  mv "$target.tmp" "$target"
  rm -rf "$src"
}

# Helm's version, and the Kubernetes version it assumes without a cluster (.Capabilities, kubeVersion checks):
# that of its client-go, set at link time as Helm's Makefile does.
helm_ldflags() {
  local minor flags
  minor="$(go list -m -f '{{.Version}}' k8s.io/client-go | cut -d. -f2)"
  flags="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
  for pkg in helm.sh/helm/v3/pkg/lint/rules helm.sh/helm/v3/pkg/chartutil; do
    flags+=" -X $pkg.k8sVersionMajor=1 -X $pkg.k8sVersionMinor=$minor"
  done
  echo "$flags"
}

install_helm() {
  local target="$TOOLS/helm-$HELM_VERSION/helm"
  build_go_command helm "$target" helm.sh/helm/v3 "$HELM_VERSION" helm.sh/helm/v3/cmd/helm helm_ldflags
  ln -sfn "$target" "$BIN/helm"
}

install_kustomize() {
  local target="$TOOLS/kustomize-$KUSTOMIZE_VERSION/kustomize"
  build_go_command kustomize "$target" sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION" sigs.k8s.io/kustomize/kustomize/v5
  ln -sfn "$target" "$BIN/kustomize"
}

# One virtualenv per pair of versions, so a version change gets a fresh one.
install_python_tools() {
  local venv="$TOOLS/venv-kv$KUBERNETES_VALIDATE_VERSION-cj$CHECK_JSONSCHEMA_VERSION"
  if [[ ! -x "$venv/bin/kubernetes-validate" || ! -x "$venv/bin/check-jsonschema" ]]; then
    command -v python3 >/dev/null || die "needs python3 (with venv) for kubernetes-validate"
    say "installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION and check-jsonschema $CHECK_JSONSCHEMA_VERSION from PyPI"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
      "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" "check-jsonschema==$CHECK_JSONSCHEMA_VERSION"
  fi
  ln -sfn "$venv/bin/kubernetes-validate" "$BIN/kubernetes-validate"
  ln -sfn "$venv/bin/check-jsonschema" "$BIN/check-jsonschema"
  # The venv's Python has PyYAML (a kubernetes-validate dependency): the test reads rendered YAML with it.
  ln -sfn "$venv/bin/python" "$BIN/python"
}

install_compose_schema() {
  local target="$TOOLS/compose-spec-$COMPOSE_GO_VERSION.json"
  if [[ ! -s "$target" ]]; then
    command -v go >/dev/null || die "needs go to fetch the compose-spec schema"
    say "fetching the compose-spec schema from github.com/compose-spec/compose-go/v2@$COMPOSE_GO_VERSION"
    local work dir
    work="$(mktemp -d)"
    dir="$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/compose-spec/compose-go/v2@$COMPOSE_GO_VERSION" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')"
    rmdir "$work"
    cp "$dir/schema/compose-spec.json" "$target.tmp"
    mv "$target.tmp" "$target"
  fi
  ln -sfn "$target" "$TOOLS/compose-spec.json"
}

install_python_tools
install_compose_schema
install_helm
install_kustomize
"$BIN/helm" version --short >/dev/null || die "helm does not run"
"$BIN/kustomize" version >/dev/null || die "kustomize does not run"
say "ready in $TOOLS/bin ($("$BIN/helm" version --short), kustomize $KUSTOMIZE_VERSION, kubernetes-validate $KUBERNETES_VALIDATE_VERSION, compose-spec of compose-go $COMPOSE_GO_VERSION)"
