"""The courier: what a game has to tell turned into Discord messages, part by part
(`delivery`), board pictures drawn off the event loop (`pictures`), Discord's limits on a
message (`limits`) and answers to an interaction (`replies`)."""
