"""How long a test waits for an event before it calls the wait a hang.

Every wait in the tests is for an event (a message, a connection, a process's end); its ceiling
only detects a hang, never checks a speed, so it is generous: on a busy 2-core machine running
the suite in two processes, the bot has taken more than 20 s to connect to the fake Discord.
"""

HANG_SECONDS = 120.0
"""The ceiling on a wait for an event, in seconds."""
