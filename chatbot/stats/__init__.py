"""Players' records: what a finished game counts for each player (``derive``) and the
skill ratings of people (``ratings``). Pure: storage writes what these compute."""
