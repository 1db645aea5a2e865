# Sourced by scripts/run and scripts/test: create .venv when absent and (re)install the
# project when pyproject.toml changed. Needs only Python >= 3.11 and access to PyPI.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
EXTRAS="${1:-}"

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

if [ ! -x "$VENV/bin/python" ]; then
    PY="$(find_python)"
    echo "Creating $VENV with $PY ..." >&2
    "$PY" -m venv "$VENV"
fi
STAMP="$VENV/.installed${EXTRAS:+-$EXTRAS}"
WANT="$(cat "$ROOT/pyproject.toml" | "$VENV/bin/python" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
    echo "Installing gpu-advisor${EXTRAS:+ [$EXTRAS]} into $VENV ..." >&2
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT${EXTRAS:+[$EXTRAS]}" >&2
    echo "$WANT" > "$STAMP"
fi
