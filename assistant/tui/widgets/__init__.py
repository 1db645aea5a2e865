"""The chat's widgets, one domain noun per module."""
