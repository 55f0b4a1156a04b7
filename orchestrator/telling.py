"""How a statement reads offline: a sentence that tells something (news, a preference, a standing instruction,
a correction) rather than asks for something. English sentence shapes only; the data's words come as arguments.
"""

from __future__ import annotations

import re

from cognicore.memory._fact_words import MONTHS, WEEKDAYS
from cognicore.memory.text import stem, terms, words
from cognicore.orchestrator.mood import (
    QUANTIFIERS,
    SEEKING,
    SPEAKER_IS,
    asks_in_situ,
    declared_subject,
    names_rows,
    noun_first,
    orders_now,
    past_diary,
    without_aside,
)
from cognicore.orchestrator.scope import ASKS, ASKS_INSIDE, IMPERATIVE, QUESTION_START
from cognicore.orchestrator.told_figures import tells_figure
from cognicore.subagents._question_asked import asks_amid_conversation

# A statement tells something about the speaker or their team; a bare phrase ("warranty for headphones")
# is a search, answered like a question.
TELLS = re.compile(
    r"\b(i|i'm|im|i've|i'd|i'll|my|mine|we|we're|we've|we'll|us|our|ours|fyi|btw|remember|note that)\b", re.IGNORECASE
)
# A sentence whose subject is the speaker or their team tells something, unless it asks for something.
STATES = re.compile(
    r"^\s*(?:(?:these days|nowadays|lately|recently|now|usually|today|this week)[,\s]+)?"
    r"(i|we|my|our|i'm|im|we're|i've|we've|i'd|we'd|fyi|btw|just so you know|note that|remember that|"
    r"for the record|from now on)\b",
    re.IGNORECASE,
)
WANTS = re.compile(
    r"^\s*(i|we)('d| would| will|'ll)?\s+(also\s+)?(want|need|like|love|wish|wonder|require|have to|must|"
    r"am looking|are looking|'m looking|('m|am|are) trying|('d|would) appreciate|expect|ask)\b|"
    r"\b(can|could|would|will) you\b|\bplease\b|\bshow me\b|\bgive me\b|\blet me know\b|"
    rf"^\s*{SPEAKER_IS}\s+(?:also\s+|just\s+)?{SEEKING}\b",
    re.IGNORECASE,
)
# A declarative sentence about someone or something ("Chloe is off sick until Thursday", "The Berlin office
# has moved"): a subject of one to three words, then a form of be/have/will. Told, not asked.
DECLARES = re.compile(
    r"^\s*(?:(?:the|our|my|a|an)\s+)?(?P<subject>(?:[a-z0-9][\w'-]*\s+){0,3}[a-z0-9][\w'-]*)\s+(?:is|are|was|were|has|"
    r"have|had|will|won't|isn't|aren't|wasn't|weren't|hasn't|haven't|got|gets|became|becomes|remains|remained|"
    # "Sales in Europe felt weak", "The new dock seems popular": an impression told, not a figure asked for.
    r"felt|feels|seemed|seems|looked|looks|sounded|sounds)\b"
    # "Ben's on holiday", "Ana's leaving on Friday": a name's "is" contracted, then where or what they are doing.
    r"|^\s*(?P<name>[a-z][\w-]*)'s\s+(?:on|off|in|out|away|back|not|now|still|been|going|just|also|at|due|set|up|down|[a-z]+ing|\d)\b",
    re.IGNORECASE,
)
# Third-person forms that make no news of their own ("Ben does ...?" asks; "Chloe's" is a possessive).
NOT_DOING = frozenset("does has is was needs wants asks says".split())
# Words ending in "s" that are never a verb ("P1 versus P3 tickets by status" compares, it tells nothing).
NEVER_VERBS = frozenset(
    "versus plus minus across towards whereas unless besides thus always perhaps nowadays sometimes less".split()
)
NO_NEWS_VERB = NOT_DOING | NEVER_VERBS
# Words that make a subject a relative clause ("tickets that are open") or a question ("how many are").
NOT_SUBJECT = frozenset("that which who whom whose where when what how why many much there any".split())
# An indefinite pronoun after the first word makes a relative clause with its "that" left out ("tickets nobody is
# working on"); first, it is the subject itself ("everyone is on site on Fridays").
INDEFINITE = frozenset("nobody noone someone somebody anyone anybody everyone everybody nothing none".split())
_PRONOUNS = INDEFINITE | {"everything", "something"}  # subjects that name no data ("anything about ..." asks)
# A preference about how the speaker wants things ("I prefer reports in bullet points", "I'd rather get
# tables"): told, not asked, whatever data or artefact word it mentions.
PREFERS = re.compile(
    r"^\s*(?:i|we)(?:'d|\s+would)\s+(?:much\s+)?rather\b|"
    r"^\s*(?:i|we)\s+(?:really\s+|usually\s+|always\s+|generally\s+|much\s+)?"
    r"(?:prefer|like (?:my|our|it|them|when|to have|having)|love|hate|dislike|enjoy)\b",
    re.IGNORECASE,
)
# "From now on, show me figures in thousands", "Always give me the totals first": a standing instruction on how to
# answer, told to be remembered, not a request to run now.
STANDING = re.compile(
    r"^\s*(?:(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|henceforth|by\s+default|always|never)[,\s]+"
    r"(?:please\s+)?(?:show|give|use|put|write|answer|reply|format|round|list|send|call|keep|start|include|add)\b|"
    # "always assign laptop tickets to Ben", "never escalate P4s": any verb after "always"/"never" sets a habit.
    r"(?:always|never)\s+(?!mind\b)[a-z]{3,}\s+\S)",
    re.IGNORECASE,
)
# "Call me Sam": how the speaker wants to be named (a name, not "a taxi"); the name keeps its capital.
NAMED = re.compile(r"^\s*(?:please\s+)?(?:[Cc]all|[Aa]ddress)\s+(?:me|us)\s+[A-Z][\w'-]*(?:,?\s*please)?[.!]?\s*$")
# "Chloe looks after the printer tickets", "Ben handles printer tickets from now on": a name (capitalised),
# then a verb in the third person and what follows.
# A noun phrase of the data reads the same ("Europe sales by month", "Printer tickets in 2025"): a grouping or
# filter preposition right after the word makes it a plural noun, not a verb.
DOES = re.compile(
    r"^\s*(?:[Tt]he\s+)?(?P<subject>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?P<verb>[a-z]{3,}s)\s+"
    r"(?!(?:by|per|vs|versus|in|for|over|across|of|from|during|this|last|and|or)\b)\w"
)
# "ana takes p2s on tuesdays", "ben also handles email tickets": one word (a value of the data, such as a person)
# then a verb and its object.
# A plural noun ("vpn issues since monday", "ben tickets assigned ...") is followed by a phrase or a participle instead.
_VALUE_DOES = re.compile(
    r"^\s*(?P<subject>[a-z][\w-]*)\s+(?:(?:also|now|still|usually|always|only|mostly|often|just|normally)\s+)?"
    r"(?P<verb>[a-z]{3,}s)\s+(?!(?:by|per|vs|versus|in|for|over|across|of|from|during|"
    r"this|last|and|or|since|on|at|with|without|today|yesterday|that|which|who|where|not)\b|[a-z]+ed\b)[\w-]+",
    re.IGNORECASE,
)
# Told about someone else ("Finance raised our budget to 9k", "Ben took over the printer queue"): a subject of
# one or two words (a name, "the board") then a past-tense verb and its object; not a question or a request.
REPORTED = re.compile(
    r"^\s*(?:the\s+|our\s+|my\s+)?(?:[a-z][\w'-]*\s+){1,3}?(?P<verb>[a-z]+ed|took|made|gave|got|set|cut|put|"
    r"won|lost|left|sent|sold|paid|brought|bought|told|said|chose|began|kept|moved|hired|fired|went)\s+"
    r"(?:(?:our|my|us|me|the|a|an|its|his|her|their|to|over|up|down|off|back|out|with|for|about|that|"
    r"two|three|four|five|six|seven|eight|nine|ten|several|some|all|"
    # "ticket volume doubled since the move": a change of a thing, with when it happened
    r"since|again|overnight|last|this|recently|lately)\b|[$€£]?\d)",
    re.IGNORECASE,
)


# "For database outages, the escalation contact is Hannah": what it is for, said before the sentence's subject.
FOR_FIRST = re.compile(r"^\s*for\s+(?:[\w-]+\s+){0,3}?[\w-]+\s*,?\s+(?=(?:the|our|my)\s)", re.IGNORECASE)
# "Actually it's 12, not 10", "Correction: that was 2 hours not 4": a value put right, with the one it replaces.
CORRECTS = re.compile(
    r"^\s*(?:(?:actually|correction|sorry|oops|wait|no)\b[,:!]?\s*)+(?:it|that|this)(?:'s|\s+is|\s+was|\s+were)\s+"
    r"[^?]+?,?\s+(?:not|rather than|instead of)\s+[^?]+$",
    re.IGNORECASE,
)
# "what ... do I like / which ... am I on": a question about the asker's own taste, work or place.
ABOUT_MY_OWN = re.compile(
    r"^\s*(?:what|which|who|where|when)\b[^?]*?\b(?:do|did|does)\s+(?:i|we)\s+(?:like|love|prefer|enjoy|"
    r"drink|eat|cover|look\s+after|report\s+to|work\s+(?:on|with|for|in)|agree|agreed|decide|decided|settle\s+on|"
    # "what tool do we forecast in", "which building do i sit in": where or with what the asker works.
    r"sit|use|forecast|track|log|record|page|handle|manage|own|keep|store)\b"
    # "which building am I in", "what queue are we on": where the asker is.
    # "who's my biggest retail customer", "what is my quota": the asker's own thing (the data holds nobody's "my")
    r"|^\s*(?:who|what|which|where)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+my\b"
    r"|^\s*(?:what|which|who|where)\b[^?]*?\b(?:am\s+i|are\s+we)\s+(?:in|on|at|with|using|based|assigned|"
    r"sitting|working|focus(?:ing|ed)?\s+on|concentrating\s+on|targeting|prioriti[sz]ing|covering|handling|"
    r"responsible\s+for|in\s+charge\s+of)\b",
    re.IGNORECASE,
)
# A few words and a colon or dash before the message itself ("Heads up before standup: ...", "Correction: ...").
PREFACE = re.compile(r"^\s*(?:[A-Za-z]+\s+){0,6}[A-Za-z]+\s*(?::|\s[-\u2013\u2014])\s+(?=\S)")
# A discourse marker and a comma before the message ("heads up, Chloe is out today", "btw, ..."): English, no domain.
MARKER = re.compile(
    r"^\s*(?:heads[\s-]up|fyi|btw|by the way|just so you know|for the record|quick note|ps|p\.s\.|news|update)"
    r"\s*[,:;.!\u2013\u2014-]\s*(?=\S)",
    re.IGNORECASE,
)


# "our online orders in 2025, how many": the question comes last, after what it is about; a relative clause
# ("..., which suits everyone", "..., where it is sunny") asks nothing, so a wh-word must open a question there.
# A clause after a comma asking with its verb first ("If the order is $42, do they pay for shipping"): no telling.
ASKS_INVERTED = re.compile(
    r",\s*(?:do|does|did|can|could|will|would|should|is|are|was|were|must|may|has|have)\s+"
    r"(?:i|we|you|they|he|she|it|there|(?:the|our|my|your|their|this|that|these|those)\s+\w+)\b",
    re.I,
)
ASKS_AFTER = re.compile(
    r"[,;:\u2013\u2014-]\s*(?:and\s+|so\s+|but\s+)?(?:how\s+(?:many|much|often|long|come)\b|"
    r"(?:what|when|where|why|how)\s+(?:is|are|was|were|do|does|did|has|have|had|will|would|can|could|"
    r"should)\b|(?:which|who)\s+(?:do|does|did)\b|"
    r"(?:what|which|who|when|where|why|how)(?:\s+(?:one|ones|exactly|then))?\s*[?!.]*\s*$"
    # "our partner orders in 2025 - total count": a figure asked for after a dash or a colon, and nothing more.
    r"|(?<=[-:\u2013\u2014])\s*(?:the\s+)?(?:total\s+)?(?:count|number|total|sum|average|avg|breakdown|split)"
    r"(?:\s+pls|\s+please)?\s*[?!.]*\s*$)"
    # "..., which is smaller" / "..., who has joined" is a relative clause; after a dash or colon, with a
    # superlative ("- which is biggest") or with a closing "?" it asks.
    r"|(?:[;:\u2013\u2014-]|,(?=[^?]*\?\s*$))\s*(?:and\s+|so\s+|but\s+)?(?:which|who)\s+(?:is|are|was|were|has|"
    r"have|had|will|would|can|could|should)\b|,\s*(?:and\s+|so\s+|but\s+)?(?:which|who)\s+(?:is|are|was|were)\s+"
    r"(?:the\s+)?(?:most|least|biggest|\w+est)\b",
    re.IGNORECASE,
)
# "The VPN certificate expires in May", "Lena's shift starts at 10am": when a thing of someone's happens, told with
# its own verb (a present tense after the thing's name) and a day, a month or a clock time after it.
WHEN_TOLD = re.compile(
    rf"^\s*(?:the|our|my|(?-i:[A-Z])[a-z]+'s|[a-z]+'s)\s+(?:(?!(?:who|which|that)\b)[\w-]+\s+){{0,3}}?[a-z]+(?<!s)s\s+"
    rf"(?:in|on|at|by|until|till|every|from)\s+(?:{MONTHS}|{WEEKDAYS}s?|\d{{1,2}}(?::\d\d)?\s*(?:am|pm)\b|"
    rf"\d{{1,2}}:\d\d\b)[^?]*$",
    re.IGNORECASE,
)
# "switched to the morning shift", "moved back to Madrid last month": news about the speaker with the "I" left out
# (a past-tense move, then where it went); an imperative ("switch to ...") or a data phrase ("closed tickets") is
# no such sentence.
DIARY = re.compile(
    r"^\s*(?:(?:just|finally|recently|also|then|and)\s+)?(?:switched|moved|relocated|transferred|swapped|changed|"
    r"joined|migrated|upgraded|downgraded|went|got\s+(?:moved|transferred|promoted|reassigned))\s+"
    r"(?:back\s+|over\s+|across\s+|up\s+|down\s+)?(?:to|from|into|onto|in|on|off|over|my|our|the)\b",
    re.IGNORECASE,
)
# "new extension 3345", "new manager: Tobias": a thing's new value, told (never a data phrase: "new customers in 2025").
NEWS = re.compile(
    r"^\s*(?:new|updated|revised|latest)\s+(?!(?:in|by|per|for|from|this|last|since|over|during)\b)[a-z][\w-]*"
    r"(?:\s+(?!(?:in|by|per|for|from|this|last|since|over|during)\b)[a-z][\w-]*)?\s*(?::|\s+is)?\s+"
    r"(?!(?:19|20)\d\d\b)(?:\d[\w:.%-]*|(?-i:[A-Z])\w+)(?:\s|$)",
    re.IGNORECASE,
)
# A quantifier before a noun phrase ("both printers ...", "most of our tickets ...").
_QUANTIFIED = re.compile(
    rf"^\s*(?:{'|'.join(sorted(QUANTIFIERS))})\s+(?:of\s+)?(?:the\s+|our\s+|my\s+)?(?=\w)", re.IGNORECASE
)
_ADVERBS = frozenset("never always just recently also already only still usually often ever all".split())
# Prepositions that open a phrase about a noun ("the printer on floor 2"), never the subject of a relative clause.
_PREPOSITIONS = frozenset("on in at of for from near by with behind under above beside next".split())
# Clauses of a message told in several parts ("Priya left, Omar is the desk lead now").
_CLAUSES = re.compile(r"\s*[,;]\s*(?:and\s+|but\s+|so\s+|now\s+)?")


def tells(request: str, *, data: frozenset[str], values: frozenset[str] = frozenset()) -> bool:
    """A preference of the speaker's, or news about someone or something, stated without a request.

    A message in several clauses tells when one clause does and none asks ("they put me on the hardware queue,
    network went to Sam"); `data` and `values` are as in `tells_one`.
    """
    clauses = [c for c in _CLAUSES.split(request.strip().rstrip(".!")) if c]
    if any(orders_now(c) and not QUESTION_START.match(c) for c in clauses[1:]):
        return False  # "Your last answer missed a few, list the open P1 tickets again": the order is the request
    if tells_one(request, data=data, values=values):
        return True
    if (plain := without_aside(request)) != request:
        return tells(plain, data=data, values=values)  # "Chloe, not Ana, handles payroll": the aside says no more
    if len(clauses) < 2 or ASKS_AFTER.search(request):
        return False
    if any(ASKS.match(c) or IMPERATIVE.match(c) or QUESTION_START.match(c) for c in clauses):
        return False
    return any(tells_one(c, data=data, values=values) for c in clauses)


def tells_one(request: str, *, data: frozenset[str], values: frozenset[str] = frozenset()) -> bool:
    """One clause that tells a preference of the speaker's, or news about someone or something, asking nothing.

    `data` are the stems of the data's words (the vocabulary's, the tables' and columns'), `values` those of its
    values: a sentence about them names data ("Orders placed over the weekend"), it tells no news.
    """
    if PREFERS.match(request) or tells_figure(request):
        return True  # "budget's now 12k", "headcount went from 6 to 8": a figure in predicate position is told
    if (counted := _QUANTIFIED.match(request)) and tells_one(request[counted.end() :], data=data, values=values):
        return True  # "both printers on floor 2 are broken": what is said of the things counted
    nouns = data | values
    declarer = declared_subject(request, nouns)
    if declarer is not None and not names_rows(declarer, data, values) and not asks_in_situ(request):
        return True  # "approvals are done by Ines", "im the one who closes ...", "been covering the north"
    if past_diary(request):
        return True  # "closed 9 payroll tickets before lunch": a past tense first is news, never an order
    # "half the tickets are ...", "Priority 1 tickets must ...": a noun first orders nothing
    ordered = IMPERATIVE.match(request) and not noun_first(request, nouns, numbered=True)
    if ASKS.match(request) or ordered or QUESTION_START.match(request):
        return False  # "Show ...", "Compare ...": a request's first word is its verb, a statement's its subject
    if DIARY.match(request) or NEWS.match(request) or WHEN_TOLD.match(request):
        return True
    declared = DECLARES.match(request)
    subject_words = words(declared.group("subject") or "") if declared else []
    if declared and not set(subject_words) & NOT_SUBJECT and not set(subject_words[1:]) & INDEFINITE:
        said = terms(declared.group("subject") or "")
        # "tickets ben is working on": a data word, then a subject of a clause of its own: rows asked for.
        # "printer on floor 2": a preposition after the data word makes a noun phrase, not a relative clause.
        relative = (
            # "both printers on floor 2 are broken": a quantifier opens a noun phrase, never a relative clause's rows
            not set(subject_words[:1]) & QUANTIFIERS
            and len(said) > 1
            and {said[0]} & (data | values)
            # a noun of the data before the clause ("open tickets nobody ..."); "VPN concentrator" is one thing
            and set(said[:-1]) & data
            and not {said[-1]} & (data | values)
            # the word after the first as written ("Wi-Fi on floor 3": `words` also splits "wi-fi" into its parts)
            and not set((declared.group("subject") or "").lower().split()[1:2]) & _PREPOSITIONS
        )
        # "the printer tickets ben has": a word of the data, then a name starting a clause of its own
        relative = relative or names_rows(declared.group("subject") or "", data, values)
        if not relative:
            return True  # "Chloe is off sick until Thursday."
    first = words(request)[:2]
    if len(first) == 2 and first[0] in _PRONOUNS and first[1].endswith("s") and first[1] not in NO_NEWS_VERB:
        return True  # "Everything lives in ServiceNow now", "nobody uses the fax": an indefinite subject's news
    if named := _VALUE_DOES.match(request):
        verb = named.group("verb").lower()
        if stem(named.group("subject")) in values and verb not in NO_NEWS_VERB and not {stem(verb)} & (data | values):
            return True  # "ana takes p2s on tuesdays": a name the data holds, written in lower case, then its verb
    does = DOES.match(request)
    if does and not set(words(does.group("subject"))) & NOT_SUBJECT and does.group("verb") not in NO_NEWS_VERB:
        # "Europe sales by month" names data: a verb that is a word of the data is no verb.
        return not {stem(does.group("verb"))} & (data | values)
    m = REPORTED.match(request)
    if m is None:
        return False
    # "Orders placed over the weekend" names data, not someone who did something; the subject's head (its last
    # word) decides, so "the quarterly review moved to Thursday" is news about a review.
    subject = terms(request[: m.start("verb")])
    if len(subject) > 1 and words(request[: m.start("verb")])[1:2] == ["from"]:
        subject = subject[:1]  # "sam from finance asked ...": the head is the first word
    while subject and subject[-1] in _ADVERBS:  # "tickets never assigned to ...": the head is "tickets"
        subject = subject[:-1]
    head = subject[-1] if subject else ""
    # "P1s opened this week" names rows too: a value's plural ("p1s") is that value
    plural_value = head.endswith("s") and head.removesuffix("s") in values  # a name ("ben") is someone, not rows
    return bool(subject) and not ({head} & data or plural_value)


def is_question(text: str) -> bool:
    """A question (asks something) rather than a statement (tells something)."""
    return (
        text.rstrip().endswith("?")
        or bool(QUESTION_START.match(text) or ASKS_INSIDE.search(text) or ASKS_AFTER.search(text) or asks_in_situ(text))
        or asks_amid_conversation(text)
    )  # "... after how long? thanks!", "my manager wonders what the fee is"
