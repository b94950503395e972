"""The kits of the games that need more than their rules, one module each exporting `KIT` (see
`ai.kit`)."""
