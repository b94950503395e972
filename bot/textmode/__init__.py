"""Text mode: boards as text for a person who reads with a screen reader, and quick looks."""
