"""Command line: `gpu-advisor [chat|ask|kb|test] ...` (temporary skeleton)."""

import sys


def main(argv=None) -> int:
    print("gpu-advisor: not ready yet", file=sys.stderr)
    return 1
