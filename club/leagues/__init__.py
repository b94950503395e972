"""Server leagues: events (Swiss, round robin, table Swiss), their rounds and standings; the
pairing maths is in `pairing`."""
