"""`wordsearch serve`: a web page to make, print and play puzzles, and the JSON API
it uses. The modules follow a request: app (routes, limits, errors as JSON) ->
options (a request's JSON to the library's arguments) -> workers (generation and
drawing in worker processes, bounded) -> jobs (what a worker runs) -> storage
(puzzles kept by id). daily and sets build on them."""

# The server's defaults, here so that the command can show them without loading the app.
DEFAULT_DB = "wordsearch.sqlite3"
DEFAULT_TIME_LIMIT = 20.0   # seconds for one puzzle
DEFAULT_WAITING = 32        # requests that may wait for a worker
DEFAULT_PER_CLIENT = 8      # of those, one client's (one address) at once
DEFAULT_MAX_CONNECTIONS = 1000  # open at once
DEFAULT_KEEP_DAYS = 400     # a puzzle is kept: a school year and the summer after it
DEFAULT_UPLOAD_DAYS = 30    # an uploaded shape is kept, after it was last uploaded
DEFAULT_MAX_MB = 1024       # the storage's most: about 500,000 puzzles of 12 words
