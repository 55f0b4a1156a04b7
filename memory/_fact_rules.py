"""Reading of the offline `extract_facts` role: a message cut into clauses, each given to the rules in turn.

`read_facts` normalises the user's message (contractions, prefaces, "I used to ..."), splits it into clauses
and gives each to the rules in order: forms, approvals, changes, shapes, then the anchored tables of
`_fact_decisions` and `_fact_personal`; a rule returns fact dicts (the fields of
`memory.extraction.FactCandidate`) or nothing. Questions, requests and hypotheticals are dropped before any
rule runs, so they never become facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_approvals import approval_facts
from cognicore.memory._fact_changes import change_facts, habit_facts
from cognicore.memory._fact_clause import prepare, qualify
from cognicore.memory._fact_contact import contact_facts
from cognicore.memory._fact_deadlines import deadline_facts
from cognicore.memory._fact_decisions import assumption, decision, triple
from cognicore.memory._fact_forms import form_facts
from cognicore.memory._fact_keys import FIGURE_HEADS
from cognicore.memory._fact_personal import about_user, negative_preference, possession, preference, uses
from cognicore.memory._fact_rewrites import rewrite
from cognicore.memory._fact_shapes import settle, shape_facts
from cognicore.memory._fact_words import (
    BEVERAGES,
    MONTHS,
    WEEKDAYS,
    Fact,
    clean,
    make_fact,
    third_person,
    valid_object,
)

_CONTRACTIONS = {
    "i'm": "I am", "i've": "I have", "i'll": "I will", "i'd": "I would", "we're": "we are",
    "we've": "we have", "we'll": "we will", "we'd": "we would", "let's": "let us", "don't": "do not",
    "doesn't": "does not",
    "didn't": "did not", "won't": "will not", "can't": "cannot", "isn't": "is not", "aren't": "are not",
    "it's": "it is", "that's": "that is", "haven't": "have not", "wasn't": "was not",
}  # fmt: skip
# Typed fast, without the apostrophe ("im on nights now"): only forms that are no English word themselves.
_BARE_CONTRACTIONS = {
    c.replace("'", ""): _CONTRACTIONS[c]
    for c in ("i'm", "i've", "we've", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "haven't", "that's")
}
_CONTRACTIONS |= _BARE_CONTRACTIONS
_CONTRACTION_RE = re.compile(r"\b(" + "|".join(re.escape(c) for c in _CONTRACTIONS) + r")\b", re.I)
_REMEMBER = r"(?:please\s+)?(?:remember|note|keep in mind|do not forget)(?:\s+that)?"
_FILLER_RE = re.compile(
    r"^(?:actually|also|oh|ok|okay|well|so|and|but|yes|yep|yeah|yup|from now on|now|anyway|honestly|btw|by the way|fyi|"
    r"for the record|like i said(?: before)?|as i said(?: before)?|"
    r"just so you know|for your information|to be clear|i think|i believe|i guess|these days|nowadays|lately|"
    r"recently|currently|at the moment|right now|since last \w+|as of \w+|" + _REMEMBER + r"|"
    # When it happened, said first ("Last week I switched to ...", "In October we moved ...").
    r"(?:last|this|on)\s+(?:week|weekend|month|year|quarter|" + WEEKDAYS + r")|yesterday|earlier today|"
    r"(?:a\s+few|a\s+couple\s+of|a|one|two|three|few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"(?:in|since)\s+" + MONTHS + r")\b[,:]?\s*",
    re.I,
)
_EXPLICIT_RE = re.compile(r"^(?:" + _REMEMBER + r"|for the record)\b", re.I)
_HEDGE_RE = re.compile(r"\b(?:i think|i guess|i believe|probably|maybe|perhaps|might)\b", re.I)
# Clauses opening like a question, a request or a hypothetical state no fact even without a "?".
_NOT_A_STATEMENT_RE = re.compile(
    r"^(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|was|were|can|could|would|should|"
    r"will|shall|may|have|has|if|suppose|tell|show|give|list|find|write|create|make|generate|compare|"
    r"summari[sz]e|explain|describe|hi|hello|hey|thanks|thank)\b",
    re.I,
)
# "... and my new manager is Karim", "... and the returns window is 14 days now", "... and Chloe handles VPN now":
# a second statement with its own subject (a person, the user's or the team's thing, a thing named "the ...").
_CLAUSE_SPLIT_RE = re.compile(
    r",?\s+(?:and|but)\s+(?=(?:I|we|my|our)\b"
    r"|the\s+[\w-]+(?:\s+[\w-]+){0,2}\s+(?:is|are|was|were|has|have|got|gets|went|goes|(?-i:[a-z]{3,}ed))\s"
    r"|(?-i:[A-Z][a-z]+)\s+(?-i:(?:is|has|will|now|[a-z]+s|[a-z]+ed))\s)",
    re.I,
)
# "I am not vegetarian anymore, I am pescatarian now": two statements; not after a condition ("if we ..., we ...").
_COMMA_SPLIT_RE = re.compile(
    r"[,;]\s+(?:(?:and\s+)?so\s+|which\s+means\s+|meaning\s+|hence\s+)?(?=(?:I|we)\s)"
    # "My mentor is Tomas, he works from the Madrid office": a second statement, about the person just named.
    r"|[,;]\s+(?:and\s+)?(?=(?:he|she|they)\s+(?:is|are|was|has|have|works|sits|lives|moved|left|joined)\b)"
    r"|[,;]\s+(?:and\s+)?(?:so|which\s+means|meaning|hence)\s+(?=(?:my|our|the)\s)"  # "..., so the budget is 60k"
    r"|[,;]\s+(?:and\s+)?(?:so|which\s+means|meaning|hence)\s+(?=(?-i:[A-Z][a-z]+)\s+(?:is|are|will|has)\s)"
    # "Anika is off sick, Tomasz is covering the deal desk": a second statement about a named colleague.
    r"|[,;]\s+(?:and\s+|but\s+|so\s+)?(?=(?-i:[A-Z][a-z]+)\s+(?-i:(?:is|has|will|now|[a-z]+s|[a-z]+ed))\s)"
    # "Ben's out, my backup contact is Chloe": a second statement about one of the user's things.
    r"|[,;]\s+(?:and\s+|but\s+|so\s+)?(?=(?:my|our)\s+[\w-]+(?:\s+[\w-]+){0,3}\s+(?:is|are|has|have)\s)"
    # "we switched to HubSpot, the old contract ran out": a second statement about another thing, in a past tense.
    # (only one that gives no value: "..., the retreat limit went up to $72,500" is the news itself)
    r"|[,;]\s+(?:and\s+|but\s+|so\s+|as\s+)?(?=the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:[a-z]+ed|ran|went|fell|broke|came|"
    r"got|was|were|had)\b(?![^,;.]*\d))"
    # "standup's at 9:30 now, retro stays on friday": what did not change, said apart.
    r"|[,;]\s+(?:and\s+|but\s+)?(?=(?:the\s+|my\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:stays|remains|is\s+still|are\s+still|"
    r"stay|remain)\b)",
    re.I,
)
# A short preface before a dash or colon ("Quick note - ...", "Update: ...") says nothing itself.
_PREFACE_RE = re.compile(
    r"^(?:[A-Za-z]+\s+){0,2}[A-Za-z]+\s*(?:\s-|:|\u2013|\u2014)\s+(?=\S)"
    # "Quick note before the report: I'm ...": a longer preface, when a first-person statement follows.
    r"|^(?:[A-Za-z]+\s+){3,6}[A-Za-z]+\s*(?:\s-|:|\u2013|\u2014)\s+(?=(?:I|we|my|our)\b)",
    re.I,
)
_CONDITION_RE = re.compile(
    r"^(?:if|when|whenever|unless|suppose|supposing|assuming|in case|once|although|though|because|since|as)\b", re.I
)
_CURRENT_RE = re.compile(
    r"\b(?:now|these days|nowadays|currently|from now on|anymore|any more|again|no longer|instead|rather than)\b",
    re.I,
)


def read_facts(text: str) -> list[Fact]:
    """Every fact the rules find in `text`, in order; nothing from questions, requests or chit-chat."""
    if not text.rstrip().endswith("?") and (due := deadline_facts(text)):
        return due  # "deadlines for me: the deck to Tomás by Nov 20, the forecast to Priya by Dec 5": one per thing
    text = _CONTRACTION_RE.sub(lambda m: _CONTRACTIONS[m.group(1).lower()], text.replace("\u2019", "'"))
    text = re.sub(r"\b(\w+)'s\s+been\b", r"\1 has been", text)  # "budget's been raised"
    # "standup's at 9", "commission's 6% now": a contracted "is" before a place, a time or a figure.
    text = re.sub(r"\b(\w+)'s\s+(?=(?:at|on|in|now|due|set|up|down|every|\d)\b)", r"\1 is ", text)
    # "Chloe's just the escalation contact": an "'s" before an adverb is "is" (no possessive comes before one)
    text = re.sub(r"\b(\w+)'s\s+(?=(?:just|only|still|also|not|no\s+longer|actually|really|always|never)\b)", r"\1 is ",
                  text, flags=re.I)  # fmt: skip
    # "I'm still covering X", "still heading up X": said again, read as said first (the store reinforces it)
    text = re.sub(r"\b(I|we)(\s+am|\s+are|'m|'re)?\s+still\s+", r"\1\2 ", text, flags=re.I)
    text = re.sub(r"(^|[,.;:!]\s*)still\s+(?=[a-z]+ing\b)", r"\1I am ", text, flags=re.I)
    # "..., nothing new there", "..., same as before": said again, the tail is no part of the value
    text = re.sub(r"\s*[,;-]+\s*(?:nothing\s+new(?:\s+there|\s+here)?|no\s+changes?(?:\s+there)?|same\s+as\s+(?:before|"
                  r"always|ever)|as\s+(?:before|always))\b", "", text, flags=re.I)  # fmt: skip
    # "I am heading up X": the one phrasal verb of holding a thing said in the progressive, as "I head up X"
    text = re.sub(r"\bI\s+am\s+heading\s+up\b", "I head up", text, flags=re.I)
    # "my lead is actually Ana": the adverb says it is true, it is no part of the value
    text = re.sub(r"\b(is|are|was|were)\s+(?:actually|really|in\s+fact)\s+", r"\1 ", text, flags=re.I)
    # "our team's SLA target", "my team's target": the group's thing (ours), never the user's own ("my target").
    group = {m.lower() for m in re.findall(r"\b(?:our|my|the)\s+(team|company)'s\s+", text, flags=re.I)}
    text = re.sub(r"\b(?:our|my)\s+(?:team|company)'s\s+", "our ", text, flags=re.I)
    # "The team's quarterly target is 900k", "Team standup is at 9:15": the user's team's thing, as "our" says it.
    text = re.sub(r"(?:^|(?<=[.!?;]\s))(?:the\s+)?(?:team|company)'s\s+", "our ", text, flags=re.I)
    text = re.sub(r"(?:^|(?<=[.!?;]\s))team\s+(?=[a-z][\w-]*\s+(?:is|are|was|were|starts|begins|happens)\b)", "our ",
                  text, flags=re.I)  # fmt: skip
    text = _RATHER_RE.sub(_prefer, text)
    text = _MINE_BY_CLAUSE_RE.sub(_owned, text)  # "the maximum discount I can give is 15%": my maximum discount
    text = _FOR_FIRST_RE.sub(r"\g<the> \g<thing> for \g<what> \g<verb>", text)
    text = _ONLY_NOW_RE.sub(r"\g<neg>, \g<s> \g<v> \g<y> now", text)
    text = "\n".join(rewrite(line) for line in re.split(r"(?<=[.!?;])\s+|\n+", text))
    facts: list[Fact] = []
    for raw in re.split(r"(?<=[.!?;])\s+|\n+", text):
        sentence = raw.strip()
        if not sentence or sentence.endswith("?"):
            continue
        sentence = sentence.rstrip(".!;").strip()
        sentence = _LABEL_RE.sub(r"\g<1> is ", sentence)  # "Our Q4 budget: 80k" is no preface
        sentence = _BARE_FIGURE_RE.sub(r"the \g<0>", sentence)  # "Budget has been raised to 75k"
        if not _EXPLICIT_RE.match(sentence):  # "Note: ..." asks to remember; "Quick update - ..." only opens
            sentence = _PREFACE_RE.sub("", sentence)
        explicit = bool(_EXPLICIT_RE.match(sentence))
        confidence = 0.6 if _HEDGE_RE.search(sentence) else 0.9
        clauses = _CLAUSE_SPLIT_RE.split(sentence)
        if not _CONDITION_RE.match(_strip_fillers(sentence)):
            clauses = [part for clause in clauses for part in _COMMA_SPLIT_RE.split(clause)]
        past: str | None = None  # "I used to drink coffee, but ...": what the next statement replaces
        for clause in _used_to(clauses):
            bare = _SUBJECTLESS_RE.sub(r"I \g<v>", _strip_fillers(clause.strip()))  # "moved to Paris": the speaker
            if m := _USED_TO_RE.match(bare):
                past = clean(m["obj"])
                continue  # what was true once says nothing about now
            current = bool(_CURRENT_RE.search(clause)) or past is not None
            ready = prepare(bare)
            found = _from_clause(ready.text, confidence, explicit=explicit, current=current)
            found = qualify([settle(f, BEVERAGES) for f in found], ready)
            if past and valid_object(past):
                found = [f if f.get("contradicts") else {**f, "contradicts": past} for f in found]
            facts.extend(found)
    facts = [_said_as_group(f, group) for f in facts] if len(group) == 1 else facts
    return [*contact_facts(text), *facts]  # "for P1s ping me on Slack": how to reach the user, beside the rest


def _said_as_group(fact: Fact, group: set[str]) -> Fact:
    """A group's thing keeps the group in its words ("Our team's target is $2M"), not "Our target", which reads as
    anyone's of us, the user's too."""
    statement = str(fact.get("statement") or "")
    if fact.get("subject") != "we" or not statement.startswith("Our "):
        return fact
    return {**fact, "statement": f"Our {next(iter(group))}'s {statement[4:]}"}


# "I used to work nights, but I am on days now" / "... but switched to tea" / "..., now I drink tea".
_USED_TO_RE = re.compile(r"^(?P<subj>I|we)\s+used\s+to\s+(?P<verb>[a-z]+)\s+(?P<obj>.+)$", re.I)
_USED_TO_THEN_RE = re.compile(
    r"^(?P<subj>I|we)\s+used\s+to\s+(?P<past>.+?)(?:\s*,\s*(?:but\s+|and\s+)?|\s+(?:but|and|while)\s+)"
    r"(?:(?:now|these\s+days|nowadays|today)\s*,?\s+)?(?:(?:I|we)\s+)?(?P<rest>(?:am|are|have|now|switched|"
    r"changed|moved|started|prefer|drink|eat|use|work|live|take|go|do)\b.*)$",
    re.I,
)
# "I would rather X (than Y)" says a preference: read as "I prefer to X (instead of Y)"; not a name ("go by").
_RATHER_RE = re.compile(
    r"\bI\s+would\s+(?:rather|prefer\s+to)\s+(?!go\s+by|be\s+called|be\s+addressed)(?P<rest>[^.!?;]+)", re.I
)


# "I do not drink coffee anymore, only tea": the end of one habit and the start of another.
_ONLY_NOW_RE = re.compile(
    r"(?P<neg>\b(?P<s>I|we)\s+(?:do\s+not|no\s+longer)\s+(?P<v>[a-z]+)\s+[^,.;!?]+?)\s*,\s*(?:only|just|but\s+only)\s+"
    r"(?P<y>[^,.;!?]+)",
    re.I,
)


_LABEL_RE = re.compile(r"^((?:my|our)\s+[^:]{1,40}?):\s+(?=\S)", re.I)
_BARE_FIGURE_RE = re.compile(
    r"^(?:" + "|".join(sorted(FIGURE_HEADS)) + r")\b(?=\s+(?:has|have|had|was|were|is|got)\b)", re.I
)


# "The maximum discount I can give is 15%": a thing the speaker's relative clause makes theirs.
_MINE_BY_CLAUSE_RE = re.compile(
    r"^the\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:that\s+)?(?P<who>I|we)\s+"
    r"(?:can|could|may|am\s+allowed\s+to|are\s+allowed\s+to|get\s+to|have\s+to)\s+[a-z]+\s+(?=(?:is|are)\s)",
    re.I,
)
# "For database outages the escalation contact is Hannah": the qualifier said first, read as said after.
_FOR_FIRST_RE = re.compile(
    r"^for\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s*,?\s+(?P<the>the|our|my)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s+(?P<verb>is|are)\b",
    re.I,
)


def _owned(m: re.Match[str]) -> str:
    return f"{'my' if m['who'].lower() == 'i' else 'our'} {m['thing']} "


def _prefer(m: re.Match[str]) -> str:
    return "I prefer to " + re.sub(r"\s+than\s+", " instead of ", m["rest"])


def _used_to(clauses: list[str]) -> list[str]:
    """Clauses with "I used to A but B" split into the past ("I used to A") and the present ("I B")."""
    out: list[str] = []
    for clause in clauses:
        bare = _strip_fillers(clause.strip())
        m = _USED_TO_THEN_RE.match(bare)
        if m:
            out += [f"{m['subj']} used to {m['past']}", f"{m['subj']} {m['rest']}"]
        else:
            out.append(clause)
    return out


# A clause that starts with its verb in the past ("moved to the Paris office last week and ..."): chat leaves out
# the speaker's "I"; a noun ("Red tickets ...") or a request never starts this way.
_SUBJECTLESS_RE = re.compile(
    r"^(?P<v>(?-i:[A-Za-z][a-z]{2,}ed|[Ll]eft|[Ww]ent|[Tt]ook|[Gg]ot|[Bb]egan|[Bb]ecame)\s+(?:to|from|off|over|into|on|in)\b)"
)


def _strip_fillers(clause: str) -> str:
    previous = None
    while previous != clause:
        previous = clause
        clause = _FILLER_RE.sub("", clause).strip()
    return clause


def _from_clause(clause: str, confidence: float, *, explicit: bool, current: bool = False) -> list[Fact]:
    if not clause or _NOT_A_STATEMENT_RE.match(clause) or len(clause.split()) > 60:
        return []
    # A change ("no longer", "switched to", "raised ... to") names the slot it changes: read it first.
    helpers: dict[str, Any] = {"make": make_fact, "clean": clean, "valid": valid_object, "drink_words": BEVERAGES}
    if formed := form_facts(clause, confidence, make=make_fact, clean=clean, valid=valid_object):
        return formed
    if approvals := approval_facts(clause, confidence, make=make_fact, clean=clean, valid=valid_object):
        return approvals
    if changes := change_facts(clause, confidence, current=current, **helpers):
        return changes
    if shaped := shape_facts(clause, confidence, **helpers):
        return shaped
    clause = clean(clause)  # "I am the team lead now": the anchored rules read the clause without its "now"
    for rule in _RULES:
        if found := rule(clause, confidence):
            return found
    if habits := habit_facts(clause, confidence, current=current, **helpers):
        return habits
    # Asked to remember something with a subject and a verb: keep it as a plain fact.
    if explicit and (parts := triple(clause)) and valid_object(parts[2]):
        return [make_fact(*parts, "fact", confidence, third_person(clause), category="general")]
    return []


_RULES: tuple[Callable[[str, float], list[Fact]], ...] = (
    decision, assumption, negative_preference, preference, about_user, possession, uses,
)  # fmt: skip
