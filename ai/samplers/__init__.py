"""Samplers of what a seat cannot see, one module per game with secrets or chance."""
