"""The user's own data in the knowledge base: prices they set and defaults they saved.

Contract: `UserData(db)` reads and writes the userpriceoverride and usersetting tables through a row
source (kb/rows.py); it is the only code that writes to the KB after it is built. `KbReader.user` is
the instance of a reader (same database, same connection). Price overrides are read once, then kept in
step with this object's own writes; a write that fails raises (the caller reports it, kb/faults.py).
"""

from __future__ import annotations

from datetime import datetime


class UserData:
    def __init__(self, db) -> None:
        self.db = db
        self._overrides: dict[tuple[str, str], float] | None = None

    def price_overrides(self) -> dict[tuple[str, str], float]:
        """(GPU name, condition) -> USD, as the user set them."""
        if self._overrides is None:
            rows = self.db.rows("SELECT gpu_name, condition, usd FROM userpriceoverride", {})
            self._overrides = {(r["gpu_name"], r["condition"]): r["usd"] for r in rows}
        return dict(self._overrides)

    def settings(self) -> dict[str, str]:
        """Saved default assumptions, key -> value as text."""
        return {r["key"]: r["value"] for r in self.db.rows("SELECT key, value FROM usersetting", {})}

    def set_price_override(self, gpu: str, usd: float, condition: str = "new") -> None:
        key = {"gpu": gpu, "condition": condition}
        self._write(
            ("DELETE FROM userpriceoverride WHERE gpu_name = :gpu AND condition = :condition", key),
            (
                "INSERT INTO userpriceoverride (gpu_name, condition, usd, set_at) VALUES (:gpu, :condition, :usd, :at)",
                key | {"usd": usd, "at": datetime.now().isoformat(timespec="seconds")},
            ),
        )

    def clear_price_override(self, gpu: str) -> None:
        self._write(("DELETE FROM userpriceoverride WHERE gpu_name = :gpu", {"gpu": gpu}))

    def clear_price_overrides(self) -> None:
        self._write(("DELETE FROM userpriceoverride", {}))

    def set_setting(self, key: str, value: str) -> None:
        self._write(
            ("DELETE FROM usersetting WHERE key = :key", {"key": key}),
            ("INSERT INTO usersetting (key, value) VALUES (:key, :value)", {"key": key, "value": value}),
        )

    def clear_settings(self) -> None:
        self._write(("DELETE FROM usersetting", {}))

    def _write(self, *statements: tuple[str, dict]) -> None:
        try:
            self.db.write(list(statements))
        finally:
            self._overrides = None  # read again: the write may have failed part-way
