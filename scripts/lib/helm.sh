# shellcheck shell=bash
# The helm that lab-checks renders deploy/helm/latency-lab with: the version pinned in the parent pom
# (helm.version), built from its Go module by 'scripts/lab setup' into the lab's own folder, never into the
# user's GOPATH ('down --purge' deletes it with .lab/; setup builds it again). Sourced, not run; needs
# common.sh.

# pom.xml's helm.version, e.g. 3.22.0.
pinned_helm_version() {
  local version
  version=$(sed -n 's|.*<helm\.version>\(.*\)</helm\.version>.*|\1|p' "$ROOT/pom.xml" | head -1)
  [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "no <helm.version> X.Y.Z in $ROOT/pom.xml (got '$version')"
  printf '%s\n' "$version"
}

# Where the pinned helm lives (lab-checks' Helm looks there too); one folder per version, so a new pin
# builds anew and an old binary is never taken for it.
helm_binary() {
  printf '%s/tools/helm-v%s/helm\n' "$LAB_DIR" "$(pinned_helm_version)"
}

# go_minor <go>: the minor version of that go (19 for go1.19.8), empty when it says none.
go_minor() {
  "${AS_LAB_USER[@]}" "$1" env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p'
}

# go_for_helm <go> <module@version>: a go that builds the module, on standard output. A go of 1.21 or
# newer fetches the toolchain the module's go.mod asks for by itself (GOTOOLCHAIN=auto, set by the
# caller). An older one (Debian 12's is 1.19) only downloads that toolchain, as the module
# golang.org/toolchain, into its module cache; the go in it then builds.
go_for_helm() {
  local go=$1 module=$2 minor mod_file want dir toolchain
  minor=$(go_minor "$go")
  [[ -n $minor ]] || die "'$go env GOVERSION' names no Go 1.x release"
  if ((minor >= 21)); then
    printf '%s\n' "$go"
    return 0
  fi
  mod_file=$("${AS_LAB_USER[@]}" "$go" mod download -json "$module" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p')
  [[ -f $mod_file ]] || die "could not download $module's go.mod with $go (said above why)"
  want=$(sed -n 's/^toolchain go\([0-9.]*\)$/\1/p' "$mod_file")
  [[ -n $want ]] || want=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$mod_file")
  [[ $want =~ ^1\.[0-9]+(\.[0-9]+)?$ ]] || die "$module's go.mod names no Go version (its 'go' line)"
  [[ $want =~ \.[0-9]+\.[0-9]+$ ]] || want+=.0
  toolchain=golang.org/toolchain@v0.0.1-go$want.$("${AS_LAB_USER[@]}" "$go" env GOHOSTOS)-$("${AS_LAB_USER[@]}" "$go" env GOHOSTARCH)
  say "go $("${AS_LAB_USER[@]}" "$go" env GOVERSION) is too old to build $module: downloading Go $want ($toolchain)" >&2
  dir=$("${AS_LAB_USER[@]}" "$go" mod download -json "$toolchain" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')
  [[ -d $dir ]] || die "could not download $toolchain with $go (said above why)"
  # A module zip keeps no execute bits: go sets them itself on a toolchain it switches to, so does this.
  "${AS_LAB_USER[@]}" find "$dir/bin" "$dir/pkg/tool" -type f -exec chmod a+x {} +
  printf '%s/bin/go\n' "$dir"
}

# install_helm: builds the pinned helm into helm_binary unless it is there. Needs a 'go' (setup installs
# Debian's golang-go when there is none).
install_helm() {
  local version binary go
  version=$(pinned_helm_version)
  binary=$(helm_binary)
  if [[ -x $binary ]]; then
    say "helm $version: present ($binary)"
    return 0
  fi
  go=$(command -v go) || die "no 'go' to build helm $version with: install Go (apt-get install golang-go), then rerun scripts/lab setup"
  lab_dir
  go=$(go_for_helm "$go" "helm.sh/helm/v3@v$version")
  mkdir -p "$LAB_DIR/tools"
  # The go that built helm, for lab-checks' other Go build (ComposeTest): on Debian 12 the system's is too old.
  ln -sfn "$go" "$LAB_DIR/tools/go"
  say "building helm $version from its Go module into ${binary%/helm} (minutes the first time)"
  mkdir -p "${binary%/helm}"
  give_lab_dir_back
  # GOTOOLCHAIN=auto: a distribution's go may pin 'local'; CGO off: a static binary, no C compiler needed;
  # the version stamped as helm's own release build does ('helm version' says v3.22.0, not v3.22).
  "${AS_LAB_USER[@]}" env GOTOOLCHAIN=auto CGO_ENABLED=0 GOBIN="${binary%/helm}" \
    "$go" install -ldflags "-X helm.sh/helm/v3/internal/version.version=v$version" \
    "helm.sh/helm/v3/cmd/helm@v$version" || die "building helm $version failed (said above why)"
  [[ -x $binary ]] || die "go install left no $binary"
  say "helm $version: built ($binary)"
}
