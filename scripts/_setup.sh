# Sourced by scripts/run and scripts/test: make .venv match the lock file, then return.
#
# Contract: after sourcing, "$VENV/bin/gpu-advisor" exists and the packages in .venv are the exact
# versions of requirements.lock (scripts/run) or requirements-test.lock (scripts/test, a superset
# with the same versions). Nothing is installed when the lock, pyproject.toml and .venv agree (a
# stamp in .venv records the hash). Installs use uv when it is on PATH or can be installed from
# PyPI once into ~/.cache/gpu-advisor/uv (shared by every clone); otherwise pip. After an install
# for scripts/run, the byte code of .venv and assistant/ is written by a detached low-priority
# process (its output goes nowhere, so `scripts/run ... | tee log` does not wait for it). Needs only
# Python >= 3.11 and access to PyPI the first time. `scripts/lock` refreshes the lock files.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
EXTRAS="${1:-}"
LOCK="$ROOT/requirements${EXTRAS:+-$EXTRAS}.lock"
TOOLS="${GPU_ADVISOR_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/gpu-advisor}"

find_python() {
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
           "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"; return 0
        fi
    done
    echo "gpu-advisor needs Python 3.11 or newer (set PYTHON=/path/to/python3.11)" >&2
    return 1
}

# Prints the path of a uv binary, installing uv from PyPI into $TOOLS/uv once; prints nothing when
# uv cannot be had (GPU_ADVISOR_NO_UV=1 also forces pip).
find_uv() {
    [ -z "${GPU_ADVISOR_NO_UV:-}" ] || return 0
    if command -v uv >/dev/null 2>&1; then command -v uv; return 0; fi
    if [ -x "$TOOLS/uv/bin/uv" ]; then echo "$TOOLS/uv/bin/uv"; return 0; fi
    local py
    py="$(find_python)" || return 0
    echo "Installing uv into $TOOLS/uv (once, shared by every clone) ..." >&2
    rm -rf "$TOOLS/uv.partial"
    local log
    if mkdir -p "$TOOLS" &&
       log="$("$py" -m pip install --quiet --disable-pip-version-check --target "$TOOLS/uv.partial" uv 2>&1)" &&
       [ -x "$TOOLS/uv.partial/bin/uv" ]; then
        rm -rf "$TOOLS/uv" && mv "$TOOLS/uv.partial" "$TOOLS/uv"
        echo "$TOOLS/uv/bin/uv"
    else
        rm -rf "$TOOLS/uv.partial"
        printf '%s\nuv could not be installed; using pip\n' "${log:-}" >&2
    fi
}

venv_is_complete() {
    # scripts/test's lock is a superset of scripts/run's, so a test set-up serves both
    local want="$1" stamp
    for stamp in "$VENV/.installed${EXTRAS:+-$EXTRAS}" "$VENV/.installed-test"; do
        [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
    done
    return 1
}

lock_hash() {
    # the lock names exact versions; pyproject.toml names the entry point and the packages
    cat "$ROOT/pyproject.toml" "$ROOT/requirements.lock" "$ROOT/requirements-test.lock" |
        "$VENV/bin/python" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'
}

site_packages() {
    "$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'
}

UV=""
if [ ! -x "$VENV/bin/python" ]; then
    PY="$(find_python)"
    UV="$(find_uv)"
    echo "Creating $VENV with $PY ..." >&2
    if [ -n "$UV" ]; then "$UV" venv --quiet --python "$PY" "$VENV" >&2; else "$PY" -m venv "$VENV"; fi
fi
WANT="$(lock_hash)"
if ! venv_is_complete "$WANT"; then
    [ -n "$UV" ] || UV="$(find_uv)"
    echo "Installing gpu-advisor${EXTRAS:+ [$EXTRAS]} from $(basename "$LOCK") into $VENV ..." >&2
    if [ -n "$UV" ]; then
        # sync for the test set-up (exactly the lock), install for the run set-up (keeps test tools);
        # the project itself in the same call (one resolution, one start of uv)
        if [ -n "$EXTRAS" ]; then
            "$UV" pip sync --quiet --python "$VENV/bin/python" "$LOCK" >&2
            "$UV" pip install --quiet --python "$VENV/bin/python" --no-deps -e "$ROOT" >&2
        else
            "$UV" pip install --quiet --python "$VENV/bin/python" -r "$LOCK" -e "$ROOT" >&2
        fi
    else
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$LOCK" >&2
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -e "$ROOT" >&2
    fi
    echo "$WANT" > "$VENV/.installed${EXTRAS:+-$EXTRAS}"
    # byte code of every installed package (uv installs sources only): with PYTHONDONTWRITEBYTECODE set
    # (as on some machines) Python would otherwise compile SQLAlchemy, Textual, pytest ... again in every
    # process. scripts/test compiles before its tests start; for scripts/run it is done in the background
    # at low priority, so the first answer does not wait for its ~6 s of CPU (a fresh clone's first
    # `scripts/run ask` 18-23 -> 13 s wall at a load of 10 on 2 cores; 9 -> 5 s of CPU)
    if [ -z "$EXTRAS" ]; then
        (nice -n 10 "$VENV/bin/python" -m compileall -q -j 0 "$ROOT/assistant" "$(site_packages)" ) \
            </dev/null >/dev/null 2>&1 &
    fi
fi
