"""Who made a change, as the change logs keep it (``GameChange.by``, ``TournamentChange.by``):
the game's scorekeeper, its editor, an API client, the tournament desk."""

BY_SCOREKEEPER, BY_EDITOR, BY_API, BY_DESK = "scorekeeper", "editor", "api", "desk"
