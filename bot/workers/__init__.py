"""Worker processes off the event loop: a pool that starts when needed and stops when idle
(`pool`), how a worker starts (`start`), thinking for computer players (`thinking`, with
`ponderer` between searches and `ended`, the games to forget), replays (`replays`) and the
lanes in which heavy work waits its turn behind the tables (`lanes`)."""
