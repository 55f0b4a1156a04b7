"""How the offline composer reads a question against the passages: asides, typos, codes and key terms.

It compares the question with the words the retrieved passages actually use, so it works for any
deployment's documents; the only word lists are generic English (question noise, paraphrase groups), which a
deployment extends with its own synonyms (plugin data).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from cognicore.memory.text import DURATION_TEXT, STOPWORDS, stem, words
from cognicore.subagents._answer_excluded import contrasted as contrasted  # re-exported: the set-aside job
from cognicore.subagents._answer_excluded import without_contrast as without_contrast
from cognicore.subagents._question_numbers import with_digits

# Tokens with a digit ("p0", "t-42", "x2") or of one to three letters ("pls", "ref").
CODE_LIKE = re.compile(r"^(?:(?=[a-z-]*\d)[a-z0-9-]+|[a-z]{1,3})$")
# A code proper: letters and digits mixed ("p5", "wea-300", "zq7"), not a plain number or a short word.
_CODE = re.compile(r"^(?=[a-z0-9-]*[a-z])(?=[a-z0-9-]*\d)[a-z0-9-]+$")
_ASIDE = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z0-9-]*")
TYPO_CUTOFF = 0.8  # difflib ratio above which an unknown word is read as a misspelling of a passage's word
MIN_TYPO_LENGTH = 5  # shorter words are too ambiguous to correct ("wont" could be "want" or "won't")


def code_family(token: str) -> str:
    """The shape of a code: its letters kept, every digit run as `#` ("p5" -> "p#", "wea-300" -> "wea-#")."""
    return re.sub(r"\d+", "#", token)


def without_asides(question: str, vocabulary: frozenset[str]) -> str:
    """The question without bracketed reference tags ("(ticket zq7)", "[ref k2]") the passages never mention.

    An aside is dropped when it holds a code-like token no passage contains: it labels the request, it does
    not say what is asked. Asides the passages know ("(P1)", "(EU)") stay. The time elapsed in a story told
    before the question ("opened them about three weeks ago. What's ...") is the case, not what is asked: dropped
    too; inside the question ("the tickets opened three days ago?") it picks out what is asked and stays.
    """

    def drop(match: re.Match[str]) -> str:
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        tokens = words(inner)
        unknown_codes = [t for t in tokens if _CODE.match(t) and stem(t) not in vocabulary]
        return " " if unknown_codes else match.group(0)

    def story_time(match: re.Match[str]) -> str:
        # the case's figure stays, to set against a limit ("came in 80 hours ago. breached?": 80 hours)
        return f", {with_digits(match.group('span'))}, " if _in_story(match) else match.group(0)

    return _ELAPSED.sub(story_time, _ASIDE.sub(drop, question))


_ELAPSED = re.compile(
    rf"\b(?:(?:about|around|roughly|some|nearly|almost|over|just|only)\s+)?(?P<span>(?:a\s+)?{DURATION_TEXT})\s+ago\b",
    re.I,
)
# Where a clause of a told story ends and something else begins: a sentence's end, "and now" / "but now", or a
# comma before the question ("I bought it two weeks ago, can I return it?").
_STORY_END = re.compile(
    r"[.!?;](?=\s|$)|,?\s+(?:and|but|so)\s+now\b|,\s+(?:(?:and|but|so)\s+)?(?:can|could|may|should|will|would|is|"
    r"are|do|does|did|what|whats|what's|how|who|where|when|which|why)\b",
    re.I,
)


def _in_story(match: re.Match[str]) -> bool:
    """Is this time ago in a story told before the question? Its clause ends before the question does (". What's
    ...", "... and now wants ...", "..., can I ..."), not with the question's mark: "the tickets opened three days
    ago?" picks out what is asked."""
    rest = match.string[match.end() :]
    end = _STORY_END.search(rest)
    return end is not None and not end.group(0).startswith("?") and rest[end.end() :].strip() != ""


def picked_time(question: str) -> str | None:
    """The time ago that picks out what is asked ("the tickets opened three days ago"), not a story's, or None."""
    return next((m.group(0) for m in _ELAPSED.finditer(question) if not _in_story(m)), None)


def proper_nouns(question: str) -> frozenset[str]:
    """Stems of the capitalised words inside the question (not its first word, not "I"): names asked about."""
    found: set[str] = set()
    for match in _CAPITALISED.finditer(question):
        before = question[: match.start()].rstrip()
        if not before or before[-1] in ".!?:\"'(" or match.group(0) == "I":
            continue
        found.update(stem(w) for w in words(match.group(0)) if w not in STOPWORDS)
    return frozenset(found)


def is_key_code(term: str, vocabulary: frozenset[str]) -> bool:
    """True when `term` is a code of a family the passages use ("p5" beside "p1".."p4"): a real identifier."""
    if not _CODE.match(term):
        return False
    family = code_family(term)
    return any(code_family(v) == family for v in vocabulary if _CODE.match(v))


def noise_code(term: str, vocabulary: frozenset[str]) -> bool:
    """True for a code-like token no passage contains and of no family they use: a tag, not the topic."""
    return bool(CODE_LIKE.match(term)) and term not in vocabulary and not is_key_code(term, vocabulary)


def spelling_variants(term: str, vocabulary: Iterable[str]) -> frozenset[str]:
    """The passages' words that `term` is most likely a misspelling of (same first letter, close spelling)."""
    if len(term) < MIN_TYPO_LENGTH or any(ch.isdigit() for ch in term):
        return frozenset()
    candidates = [v for v in vocabulary if v[:1] == term[:1] and len(v) >= MIN_TYPO_LENGTH - 1]
    return frozenset(difflib.get_close_matches(term, candidates, n=2, cutoff=TYPO_CUTOFF))


MIN_SHORTENED = 4  # "cert" for "certificate"; shorter prefixes start too many words


def shortened(term: str, vocabulary: Iterable[str]) -> frozenset[str]:
    """The passages' words an unknown word is a short form or a joined compound of: "certs" -> "certif" (the only
    word it starts), "helpdesk" -> "desk" (a word the passages use, with another joined to it)."""
    if not term.isalpha() or len(term) < MIN_SHORTENED:
        return frozenset()
    known = frozenset(vocabulary)
    for cut in range(3, len(term) - 2):
        head, tail = stem(term[:cut]), stem(term[cut:])
        parts = frozenset(p for p in (head, tail) if p in known and len(p) >= MIN_SHORTENED)
        if parts and (head in known or tail in known):
            return parts
    root = term[:-1] if term.endswith("s") else term
    starts = [v for v in known if v.startswith(root) and len(v) > len(root) and v.isalpha()]
    return frozenset(starts) if len(starts) == 1 and len(root) >= MIN_SHORTENED else frozenset()


# Words that ask for an artefact to be produced ("write a short briefing on X"): a plan step asks for material to
# write it, and the artefact is not the subject. `orchestrator.scope.ACTION` is built on these, so one list says it.
ARTEFACT_WORDS: tuple[str, ...] = tuple(
    "write draft prepare produce generate create briefing brief memo report".split()
)
# Words of a request that say "answer this" rather than what it is about.
NOISE = frozenset(
    stem(w)
    for w in """tell explain describe summarise summarize summary know say give show find look lookup search
    retrieve check read want need like let knowledge base kb document documents documentation doc docs info
    information detail details answer question questions anything something thing things item items stuff exactly
    already
    still really actually currently ever get got much many us mean means meaning happen happened kind sort
    type way policy policies rule rules last latest recent newest previous against before earlier previously
    formerly anymore remind someone somebody anyone anybody through via won't can't cannot doesn't don't
    isn't aren't didn't wouldn't shouldn't another
    compose overview short quick""".split()
) | frozenset(stem(w) for w in ARTEFACT_WORDS)
# Phrases rewritten to the word the documents use before the question is split into words.
PHRASES = {
    # Contractions written without the apostrophe ("whats the sla") and shorthand ("w/o") are function words.
    r"(?:what|who|where|how|when|that|there|here|it)s": "",
    r"w/o": "without",
    r"counts? as": "",  # "what counts as a breach" asks what a breach is
    # "how fast do we have to answer a p2": answering a ticket is responding to it, not a request for an answer.
    r"(to|we|i|you|they|must|should|will|can) answer(?:ed|ing|s)?": r"\1 respond",
    r"(?:my|your|them|our|him|her|it)sel(?:f|ves)": "",
    "used to": "",  # "what did I use(d) to drink" asks about drinking, not using
    "use to": "",
    # "send something back", "take it back": what is sent back may sit between the verb and "back".
    r"(?:send|sends|sending|sent)(?: (?!money\b)\w+){0,2} back": "return",
    r"(?:bring|brings|bringing|brought)(?: (?!money\b)\w+){0,2} back": "return",
    r"(?:take|takes|taking|took)(?: (?!money\b)\w+){0,2} back": "return",
    r"money(?: is| comes| gets| goes)? back": "refund",
    "(?:push|pushes|pushed|pushing) back": "delay",
    # "a P1 that blows past its SLA": going past a time limit is passing it.
    r"(?:blow|blows|blew|blown|blowing|go|goes|went|gone|going|run|runs|ran|running) (?:past|over|beyond)"
    r"|(?:blow|blows|blew|blown|blowing|sail|sails|sailed) through": "passes",
    # "how fast do we have to get back to someone": getting back to a person is responding to them.
    r"(?:get|gets|getting|got) back to": "respond to",
    # "how long until we hear back from the desk": hearing back is getting a response.
    r"(?:hear|hears|heard|hearing) back(?: from)?": "response from",
    # "need someone to sign for the parcel": signing for a delivery is a signature on it.
    r"(?:sign|signs|signed|signing) for": "signature for",
    # "user forgot their pw": a forgotten password is reset.
    r"(?:forgot|forgotten|forget|forgets|lost) (?:(?:my|their|his|her|the|a|your|our) )?(?:pw|pwd|passwd|password)": (
        "reset password"
    ),
    # "my order turned up broken", "the parcel showed up late": what turns up arrives.
    r"(?:turn|turns|turned|turning|show|shows|showed|showing) up": "arrive",
    # "when will it be looked at again": a decision looked at again is reviewed.
    r"(?:look|looks|looked|looking) at (?:it |this |that )?again|revisit(?:s|ed|ing)?|reconsider(?:s|ed|ing)?": (
        "review"
    ),
    "(?:put |puts |putting |was |is |been )?on hold": "delay",
    "(?:put|puts|putting) off": "delay",
    "(?:hold|holds|held|holding) off(?: on)?": "delay",
    # "who made the call to delay it", "who took that decision": making a call or a decision is deciding.
    r"(?:make|makes|made|making|take|takes|took|taking) (?:the|that|this|a|final) (?:call|decision)(?: (?:to|on))?": (
        "decided"
    ),
    # "25% off", "8 percent off": a share taken off a price is a discount, whatever the verb ("knock", "give").
    r"(\d+(?:\.\d+)?)\s*(?:%|percent|per cent|pct)\s+off": r"\1% discount",
    # "what percentage off do resellers get": the share taken off is a discount.
    r"(?:percentage|percent|%) off\b": "discount",
    r"(\d+(?:\.\d+)?)\s*(?:percent|per cent|pct)": r"\1%",
    # "who has to sign off on that": agreeing to it is approving it.
    r"sign(?:s|ed|ing)?(?: (?:it|that|this|them))? off(?: on)?": "approve",
    # "who needs to OK a 15% discount": "OK" as a verb before its object approves it.
    r"(?<=to )(?:ok|okay)(?= (?:a|an|the|this|that|it|any)\b)": "approve",
    # "who do I need an ok from", "who gives the green light": an agreement asked for is an approval.
    # (an "ok" only with its article: "is the vpn ok for contractors" asks whether it is allowed, not who approves)
    r"(?:an? |the )(?:ok|okay)(?= from| for)|(?:an? |the )?(?:go-ahead|green light)(?= from| for)": "approval",
    "(?:come|comes|coming|came|go|goes|going|went) back": "return",
    # "can we add the promotion on top (of the partner discount)?": one thing on top of another is stacking them.
    r"(?:add|adds|added|adding|put|puts|putting|give|gives|giving|apply|applies|applying)\b(?P<what>[^.?!]{0,40}?)"
    r"\bon top(?: of)?\b": r"stack\g<what>",
    "how much": "price",
    # "what did it sell for", "what does the dock go for": the amount a thing is sold for is its price.
    r"(?:sell|sells|sold|selling|go|goes|went|retail|retails|retailed) for(?! (?:a|an|the|our|more|less)\b)": "price",
    # "when it first came out", "since it hit the shelves": a product coming out is its launch.
    r"(?:first )?(?:came|come|comes|coming) out|(?:hit|hits) the (?:market|shelves|stores)": "launched",
    # "what do we charge for the doorbell", "what are they charging for express": the price asked, not a battery charge.
    r"(?:charge|charges|charged|charging)(?= (?:for|on|per|to)\b)": "price",
    # "who delayed it, and until when?": a second question, asking when; "until" is no word a passage must hold there
    # (a first question's "until when can it be sent back" keeps it: "returned until January 31" answers).
    r"and (?:until|till|til|since) when(?=\W*$)": "and when",
    "how long": "",  # the question's shape asks for a duration; the words say nothing
    "how fast": "",
    "how quickly": "",
    "how quick": "",
    "how soon": "",
    "how often": "",  # the question's shape asks for a frequency ("twice a year"); "often" is no word to find
    "stand for": "",  # "what does P3 stand for" asks what P3 means
    "according to": "",
    "in charge of": "",  # "who is in charge of support" asks who leads it, not about charging
    "set up": "setup",
    # "What are the steps to pair X?" asks how to pair X: the steps are the answer's form, not its subject.
    r"(?:what are |what're )?(?:the )?(?:steps?|instructions?|procedure) (?:to|for)": "",
    # "Which runbook covers X?" asks for the document about X: the document and the verb are not X.
    r"(?:in |on )?(?:which|what) (?:\w+ )?(?:documents?|docs?|runbooks?|playbooks?|handbooks?|guides?|manuals?"
    r"|pages?|files?|articles?|sections?|polic(?:y|ies))(?: (?:covers?|says?|explains?|describes?|mentions?"
    r"|talks? about|deals? with|lists?|defines?|tells? (?:me|us)|(?:is|are) about|has|have))?": "",
}

# Paraphrase groups: a question word matches passages that use any word of its group.
GROUPS = [
    "return returns refund refunds",
    "price prices priced cost costs pay expensive cheap pricing spend spending spent budget budgets afford money "
    "funds funding",
    "ship shipping shipped deliver delivery delivered courier arrive arrives arrived arrival",
    "parcel parcels package packages box boxes",
    "warranty warranties guarantee guaranteed",
    "defect defective broken faulty fault",
    "broken damage damaged smashed cracked dented",
    "device devices gadget gadgets",
    "pair paired pairing link linked connect connected",
    "stuck block blocked",
    "open opened unbox unboxed used",  # never "unopened": an opposite is no paraphrase
    "found founded start started establish established",
    "launch launched release released introduce introduced debut",
    "cut reduce reduced lower lowered drop dropped decrease",
    "delay delayed postpone postponed defer deferred",
    "expansion expand expanding",
    "calculate calculated compute computed define defined definition formula measure measured",
    "discount discounts promotion promotions",
    "need needs needed require requires required requirement mandatory",
    "plan plans strategy strategies",
    "customer customers buyer buyers client clients",
    "buy buys bought sell sells sold purchase purchased",
    "ceo chief",
    "approve approves approved approval approvals sign-off",
    "reply replies replied respond responds responded response responses react reacts",
    "combine combined combining combination stack stacks stacked stacking",
    # Missing a deadline is breaching it ("a P1 that misses its SLA", "tickets that went overdue").
    "miss misses missed breach breaches breached overdue",
]


def synonym_map(groups: Sequence[str]) -> dict[str, frozenset[str]]:
    """Each stem of each group -> every stem of the groups it belongs to."""
    out: dict[str, frozenset[str]] = {}
    for group in groups:
        stems = frozenset(stem(w) for w in words(group))
        for s in stems:
            out[s] = out.get(s, frozenset()) | stems
    return out


SYNONYMS = synonym_map(GROUPS)


def word_alternatives(groups: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each word of each group -> the other words of its groups, as written (retrieval's text side stems them)."""
    out: dict[str, tuple[str, ...]] = {}
    for group in groups:
        members = words(group)
        for w in members:
            out[w] = tuple(dict.fromkeys([*out.get(w, ()), *(m for m in members if m != w)]))
    return out


ALTERNATIVES = word_alternatives(GROUPS)


# "first-response", "end-of-life": a compound of words long enough to stand alone is read as its words (which
# `words` also yields), since passages may write it open ("the first response"); "wi-fi" stays whole.
SPLIT_COMPOUND = re.compile(r"^[a-z]{3,}(?:-[a-z]{3,})+$")


def labelled_concepts(question: str, synonyms: dict[str, frozenset[str]]) -> list[tuple[frozenset[str], str]]:
    """The question's content words, each widened to its paraphrase group, with the word that named it."""
    text = question.lower()
    for phrase, word in PHRASES.items():
        text = re.sub(rf"\b{phrase}\b", word, text)
    seen: dict[frozenset[str], str] = {}
    for word in words(text):
        term = stem(word)
        if word in STOPWORDS or term in NOISE or SPLIT_COMPOUND.match(word):
            continue
        seen.setdefault(synonyms.get(term, frozenset()) | {term}, word)
    return list(seen.items())


def question_concepts(question: str, synonyms: dict[str, frozenset[str]]) -> list[frozenset[str]]:
    """The question's content words, each widened to its paraphrase group."""
    return [c for c, _ in labelled_concepts(question, synonyms)]


# A name followed by a model or version number ("Nova Lamp 2", "Zephyr Kettle 3"); not a date ("March 2021").
_VERSIONED = re.compile(r"\b((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)\s+(\d{1,4}|[IVX]{1,4})\b(?![.,]\d)")
_MONTH_OR_DAY = re.compile(
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|q[1-4]|h[12]|fy)", re.I
)


def unknown_versions(question: str, passages_text: str) -> list[str]:
    """Names with a model or version number the question asks about that no passage writes ("Nova Lamp 2" when
    the documents only know the "Nova Lamp"): a different thing, whose facts are not these."""
    written = " ".join(passages_text.lower().split())
    found = []
    for match in _VERSIONED.finditer(question):
        name, number = match.group(1), match.group(2)
        if (match.start() == 0 and len(name.split()) == 1) or _MONTH_OR_DAY.match(name.split()[-1]):
            continue  # "Version 2 ..." opening the question; a date or a period
        if f"{name} {number}".lower() not in written and name.lower() in written:
            found.append(f"{name} {number}")
    return found


MIN_DERIVED_STEM = 6  # shorter stems start too many unrelated words ("part" -> "partner")


def derived_forms(concept: frozenset[str], vocabulary: frozenset[str]) -> frozenset[str]:
    """The passages' stems that extend one of the concept's long stems ("financ" -> "financi" of "financial"):
    a derived form of the same word, which the stemmer keeps apart."""
    stems = [t for t in concept if len(t) >= MIN_DERIVED_STEM and t.isalpha()]
    return frozenset(v for v in vocabulary for t in stems if v != t and v.startswith(t) and len(v) <= len(t) + 4)


_NAME_RUN = re.compile(r"\b[A-Z][a-z]*[A-Za-z]*(?:\s+[A-Z][A-Za-z]*)+\b")


def name_parts(question: str) -> frozenset[str]:
    """Stems of the words of multi-word capitalised names ("Pulse Max Speaker" gives "max"): a short word inside
    a name is part of what is asked about, not a reference tag."""
    return frozenset(stem(w) for m in _NAME_RUN.finditer(question) for w in words(m.group(0)) if w.isalpha())


def paraphrased_words(question: str) -> list[str]:
    """The words the paraphrase phrases put in the question ("discount" for "25% off", "return" for "come
    back"): the documents' words for what was asked, which a search should use too."""
    text = question.lower()
    for phrase, word in PHRASES.items():
        text = re.sub(rf"\b{phrase}\b", word, text)
    before = set(words(question))
    return [w for w in dict.fromkeys(words(text)) if w not in before and w not in STOPWORDS and not w.isdigit()]


_MID_SENTENCE_WORD = re.compile(r"(?<=[a-z,;:] )([A-Za-z][a-z]+)\b")
NAME_SHARE = 0.8  # share of a word's mid-sentence uses written capitalised for it to be a name


def written_names(texts: Sequence[str]) -> frozenset[str]:
    """Stems of the words the passages write capitalised in the middle of their sentences nearly every time
    ("Singapore", "Vista"): names, even when the asker types them in lower case. Headings are not read."""
    capital: dict[str, int] = {}
    total: dict[str, int] = {}
    for text in texts:
        for line in text.splitlines():
            if line.lstrip().startswith("#"):
                continue
            for m in _MID_SENTENCE_WORD.finditer(line):
                word = m.group(1)
                term = stem(word.lower())
                total[term] = total.get(term, 0) + 1
                capital[term] = capital.get(term, 0) + word[0].isupper()
    return frozenset(t for t, k in capital.items() if k >= NAME_SHARE * total[t] and t not in STOPWORDS)
