"""Past one process: an ingress and any number of workers over Redis and PostgreSQL.

``truco-bot ingress`` receives the updates (polling or the webhook) and appends
each to one of ``TRUCO_PARTITIONS`` Redis streams, chosen by its chat, so one
chat's updates stay in order (``streams``). ``truco-bot worker`` holds a fair
share of the partitions through leases that expire unless renewed (``leases``),
reads them with a consumer group, hands each update to the same Application the
one-process bot runs, and acknowledges it only after that returned, i.e. after
its save committed (``worker``). A dead worker's leases expire and the others
take its partitions and, with XAUTOCLAIM, the updates it had not acknowledged;
a repeat of an update already saved is answered without acting
(``chatbot.handlers.telegram.repeats``). Turn deadlines are rows any worker may
claim (``timer_sweep``). ``health`` serves /health and /ready per process.
"""
