"""The Discord side: the client and its start-up, the configuration and the command line, one
package per feature (its cog, and its controls), the courier and the worker pools. What the bot
keeps and decides without Discord is the `club` package."""
