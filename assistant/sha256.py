"""SHA-256 without OpenSSL where the standard library has its own.

Contract: `sha256(data=b"")` is a SHA-256 hash object (`update`, `hexdigest`, `digest`) giving the same
digests as `hashlib.sha256`. CPython 3.11 ships a small built-in implementation (`_sha256`); `hashlib`
loads OpenSSL's libcrypto, about 4 ms and 4 MB of memory at import, which the one-shot answer (a content
hash of the knowledge files, a code fingerprint) does not need. Other Pythons use `hashlib`.
"""

from __future__ import annotations

try:
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # Python 3.12+ names it _sha2; a build without either uses hashlib
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[no-redef]

__all__ = ["sha256"]
