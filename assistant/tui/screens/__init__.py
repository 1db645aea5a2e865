"""The chat's screens: the conversation, help, export."""
