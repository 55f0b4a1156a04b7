"""The offline composer's reading of documents: the sentences that answer a question, or why none does.

Kept apart from `compose` (which weighs memory against documents) so each stays one concept."""

from __future__ import annotations

import math
import re
from typing import Any

from cognicore.memory.text import STOPWORDS, stem, words
from cognicore.subagents._answer_checks import (
    ABOUT_DOCUMENT,
    about_asked,
    asked_subject,
    bigrams,
    case_concepts,
    governed_elsewhere,
    holds_figure,
    measures_head,
    other_kind,
    scoped_elsewhere,
    states_bound,
)
from cognicore.subagents._answer_conditions import (
    comparison,
    decide_case,
    denied_concepts,
    depends,
    is_contradicted,
    limit_first,
)
from cognicore.subagents._answer_excluded import excluded_case, only_of_contrast, speaks_of_case
from cognicore.subagents._answer_head import asked_head, name_modifier, which_heads, without_value_nouns
from cognicore.subagents._answer_holder import people_first, role_noun
from cognicore.subagents._answer_reading import read_question
from cognicore.subagents._answer_render import LABEL, render
from cognicore.subagents._answer_scopes import duration_said_of, in_scope, misses_the_asking, without_unasked
from cognicore.subagents._answer_sentences import MAX_SENTENCES, SHAPES, pick_sentences, with_reason
from cognicore.subagents._answer_shape import (
    LIGHT_VERBS,
    ROLE_WORDS,
    Shape,
    asked_action,
    asked_shape,
    asks_consequence,
    asks_where,
    asks_which_document,
    common_capitals,
    describe,
    fills_shape,
    gives_place,
    implied,
)
from cognicore.subagents._passage_units import Unit as _Unit
from cognicore.subagents._passage_units import class_members, with_consequence, with_continuation
from cognicore.subagents._passage_units import split_units as _units
from cognicore.subagents._question_framing import without_framing
from cognicore.subagents._question_numbers import number_units, unit_of, unit_words
from cognicore.subagents._question_terms import (
    contrasted,
    is_key_code,
    proper_nouns,
    spelling_variants,
    unknown_versions,
    without_asides,
    without_contrast,
    written_names,
)
from cognicore.subagents.answer_text import not_covered, nothing_found
from cognicore.subagents.compose_llm import ComposedAnswer

BOUND_BONUS = 0.6  # a sentence stating a limit in the unit of a figure the question gives
_CLOSING_IN = re.compile(r"\b(?:in|into)\s+(?:the\s+)?([A-Za-z]+)\s*[?.!]?\s*$")
# A time and its units say when, not what is asked ("within how many hours ... be fixed").
_TIME_WORDS = frozenset("within until before after during since minute hour day week month year".split())
MIN_SENTENCE_SHARE = 0.3  # share of the question's (weighted) words the first quoted sentence must say
MIN_COVERAGE = 0.5  # share of the question's (weighted) words a passage must contain to be an answer


def answer_from_documents(
    question: str, passages: list[dict[str, Any]], synonyms: dict[str, frozenset[str]]
) -> tuple[ComposedAnswer, float]:
    """The answer keeping framing words the passages use ("never allowed"), else with all of them set aside."""
    kept = _answer(question, passages, synonyms, framing=True)
    if kept[0].used or without_framing(question) == question:
        return kept
    return _answer(question, passages, synonyms, framing=False)


def _answer(
    question: str, passages: list[dict[str, Any]], synonyms: dict[str, frozenset[str]], *, framing: bool
) -> tuple[ComposedAnswer, float]:
    """The extractive answer from documents and the share of the question the best passage covers.

    The question is read against the passages' own words: reference tags and unknown codes are dropped,
    misspellings mapped to the word the passages use. A name or code the question asks about that no
    passage contains, or a best passage that covers too little of the question, gives an `unsure`
    answer saying what was found and what was not, never a loosely related sentence.
    """
    units = [u for order, p in enumerate(passages) for u in _units(order, p)]
    if not units:
        return ComposedAnswer(text=nothing_found(question), used=[]), 0.0
    vocabulary = frozenset().union(*(u.terms | u.lead | u.frame for u in units))
    asked_text = without_contrast(without_asides(question, vocabulary))
    asked_text = without_framing(asked_text, vocabulary if framing else frozenset())
    asked_text = without_value_nouns(asked_text, vocabulary)  # "the first-response target": the time asked
    labelled = without_unasked(asked_text, read_question(asked_text, vocabulary, synonyms))
    if not labelled:
        return ComposedAnswer(text=nothing_found(question), used=[]), 0.0
    # "what priority should the ticket get": a sentence naming a member the documents list for it ("a P3 ticket").
    members = class_members(units)
    labelled = [(c.union(*(members[t] for t in c if t in members)), label) for c, label in labelled]
    concepts = [c for c, _ in labelled]
    # A name typed in lower case ("express to singapore") is still a name: the documents capitalise it.
    contents = [str(p.get("content") or "") for p in passages]
    capitalised = written_names(contents) - common_capitals(contents)
    names = proper_nouns(asked_text) | frozenset(t for c in concepts if len(c) == 1 for t in c if t in capitalised)
    missing_keys = [
        label
        for c, label in labelled
        if not c & vocabulary and (c & names or any(is_key_code(t, vocabulary) for t in c))
    ]
    written = " ".join(f"{p.get('title') or ''} {p.get('content') or ''}" for p in passages)
    missing_keys += unknown_versions(asked_text, written)
    # "Can a P3 be bumped up to P2?": the action a yes/no question asks about is the case; no passage saying it
    # (after typos and paraphrases) means no passage states or excludes that case.
    action = asked_action(asked_text)
    missing_keys += [label for c, label in labelled if label == action and not c & vocabulary]
    # Rarer words weigh more: a product's name says more about the answer than the company's. A word no
    # passage has weighs as an average one: it may be the asker's own paraphrase ("charge" for "fee").
    n = len(units)
    counts = [sum(1 for u in units if (u.terms | u.lead) & c) for c in concepts]
    known = [math.log((n + 1) / (k + 0.5)) + 0.1 for c, k in zip(concepts, counts, strict=True) if c & vocabulary]
    average = sum(known) / len(known) if known else 1.0
    weights = [
        math.log((n + 1) / (k + 0.5)) + 0.1 if c & vocabulary else average
        for c, k in zip(concepts, counts, strict=True)
    ]
    pairs = list(zip(concepts, weights, strict=True))
    top = max(weights)
    lowered = asked_text.lower()
    shapes = [(answers, bonus) for asks, answers, bonus in SHAPES if asks.search(lowered)]
    # A sentence labelled as the answer to another kind of question ("Reasons: ..." when asked "when").
    others = [answers for asks, answers, _ in SHAPES if not asks.search(lowered)]

    figures = [c for c, label in labelled if label in number_units(asked_text)]
    # The case's words a limit says for it: common ones ("client", "pushing"), not its topic ("arrived damaged").
    case = [c for c in case_concepts(asked_text, labelled) if c in figures or dict(pairs)[c] <= average]
    holds = {id(u) for u in units if holds_figure(asked_text, u.text)}
    # "$60 order to the islands": a limit stated for the named subject decides; another subject's ("free on orders
    # of $50 or more" of standard shipping elsewhere) does not, though it holds the figure.
    named_subject = [c for c in concepts if c & names]
    asked_kinds = {unit_of(tag) for tag in number_units(asked_text).values()}
    own = {
        id(u)
        for u in units
        if named_subject
        and all(c & (u.terms | u.lead) for c in named_subject)
        and any(unit_of(t) in asked_kinds for t in number_units(u.text).values())
    }
    holds = holds & own if own else holds
    decision = decide_case(asked_text, units, holds, pairs, average)
    holds = set(decision.decisive)

    def score(u: _Unit) -> float:
        direct = sum(w for c, w in pairs if u.terms & c)
        # "15% off" is covered by "between 10% and 20%": the limit speaks of the asked figure without writing it.
        bounded = states_bound(asked_text, u.text)
        direct += sum(w for c, w in pairs if bounded and c in figures and not u.terms & c)
        # A limit holding the figure says the whole stated case ("client wants 22% off the list price").
        direct += sum(w for c, w in pairs if c in case and c not in figures and not u.terms & c and id(u) in holds)
        lead = sum(w for c, w in pairs if not u.terms & c and u.lead & c)
        # A sentence under a heading that names the asked subject is about it, not a passing mention.
        topical = sum(w for c, w in pairs if u.terms & c and u.lead & c)
        frame = sum(w for c, w in pairs if not (u.terms | u.lead) & c and u.frame & c)
        shape = sum(bonus for answers, bonus in shapes if answers.search(u.text))
        # "customer wants 25% off": the sentence stating a limit in that unit ("above 20%") decides the case.
        shape += BOUND_BONUS if bounded else 0.0
        # A passage that starts mid-sentence, or a pointer ("See the shipping policy."), says little.
        penalty = 0.5 if u.fragment or u.text.startswith("See ") else 0.0
        label = LABEL.match(u.text)
        if shapes and label and any(a.search(label.group(1)) for a in others):
            penalty += 1.0
        return direct + lead + 0.2 * topical + 0.4 * frame + top * (shape - penalty) - 0.02 * u.order

    coverage: dict[int, float] = {}
    hits_of: dict[int, frozenset[int]] = {}
    for index in dict.fromkeys(u.passage for u in units):
        present = frozenset().union(*(u.terms | u.lead | u.frame for u in units if u.passage == index))
        if figures and any(states_bound(asked_text, u.text) for u in units if u.passage == index):
            present = present.union(*figures)  # a limit on the asked figure speaks of it
        if any(id(u) in holds for u in units if u.passage == index):
            present = present.union(*case)  # and of the case, when it holds it
        hits_of[index] = frozenset(i for i, c in enumerate(concepts) if present & c)
        coverage[index] = sum(weights[i] for i in hits_of[index]) / sum(weights)
    # "client wants 22% off, whose approval?": the passages whose limit holds the figure state the rule of the case.
    # A limit of another topic ("free on orders of $50 or more" for "my $60 order arrived damaged") decides nothing
    # when a passage covering more of the question states no figure of that unit: the figure is incidental there.
    holding = {u.passage for u in units if id(u) in holds}
    best_passage = max(coverage, key=lambda i: (coverage[i], len(hits_of[i]), -i))
    asked_units = {unit_of(tag) for tag in number_units(asked_text).values()}
    figured = {u.passage for u in units if any(unit_of(t) in asked_units for t in number_units(u.text).values())}
    if holding and best_passage not in figured and coverage[best_passage] > max(coverage[i] for i in holding):
        holding = set()
    best_passage = max(holding or coverage, key=lambda i: (coverage[i], len(hits_of[i]), -i))
    # unweighted: the most of the question's words one passage has, to compare with memory
    share = len(hits_of[best_passage]) / len(concepts)
    asked = frozenset().union(*concepts)
    # A sentence under a heading that names the subject ("Reasons: ..." under "Expansion
    # delayed") answers too, even when it never repeats the question's words.
    # A sentence under a condition the question does not state answers another case; one about the document
    # itself answers only a question about the document.
    meta_ok = asks_which_document(asked_text) or bool(ABOUT_DOCUMENT.search(asked_text))

    asked_thing = asked_head(asked_text)

    # "25% off": when a stated range holds the asked figure ("above 20%"), a sentence with a figure of that unit
    # outside it (a rule for another range, a fixed rate of another case) is no answer.
    ranged = bool(holds)
    kinds = {unit_of(tag) for tag in number_units(asked_text).values()}

    def decided(u: _Unit) -> list[frozenset[str]]:
        """What a limit in the sentence says of the question: the figure, and the whole case when it holds it."""
        if not states_bound(asked_text, u.text):
            return []
        return [*figures, *case] if id(u) in holds else figures

    set_aside, contrast = excluded_case(asked_text), contrasted(question)  # "outside Europe", "not the reply"

    def usable(u: _Unit) -> bool:
        governed = governed_elsewhere(u.text, asked) and not measures_head(u.text, asked_thing)
        figured = any(unit_of(tag) in kinds for tag in number_units(u.text).values())
        other_range = ranged and figured and (id(u) not in holds and not holds_figure(asked_text, u.text))
        other_range = other_range or id(u) in decision.overridden
        excluded = speaks_of_case(u.text, set_aside) or only_of_contrast(u.text, contrast, asked_text)
        return not governed and not other_range and not excluded and (meta_ok or not ABOUT_DOCUMENT.match(u.text))

    ranked = sorted(
        (u for u in units if (u.terms | u.lead) & asked and usable(u) and (not holding or u.passage in holding)),
        key=lambda u: (-score(u), u.order, u.position),
    )
    enough = coverage[best_passage] >= MIN_COVERAGE and len(hits_of[best_passage]) >= min(2, len(concepts))
    # "How much did we raise in the series A?": most words the asker typed are in no passage; what matches is the
    # company's name and the price the shape implies: the passages are about something else.
    typed = set(words(asked_text.lower()))
    subject_words = [c for c, label in labelled if label in typed and not c <= LIGHT_VERBS]
    # A limit on the asked figure ("up to 10%" for "knock 8% off") shows the passage is about the case, in any words.
    bound = any(states_bound(asked_text, u.text) for u in units if u.passage == best_passage)
    unknown = sum(1 for c in subject_words if not c & vocabulary)
    enough = enough and (bound or 2 * unknown <= len(subject_words))
    # "must a P2 be fixed (not just answered)?": with a contrast set aside, a passage sharing only the question's
    # codes ("P2") speaks of the excluded thing; some other word of what is asked must be in it.
    if without_contrast(aside_free := without_asides(question, vocabulary)) != aside_free:
        timing = {stem(w) for w in unit_words(asked_text)} | _TIME_WORDS
        plain = [c for c in subject_words if not any(re.search(r"\d", t) or t in timing for t in c)]
        enough = enough and (not plain or any(c & vocabulary for c in plain))
    if missing_keys or not ranked or not enough:
        found = [label for i, (_, label) in enumerate(labelled) if i in hits_of[best_passage]]
        missing = missing_keys or [w for i, (_, w) in enumerate(labelled) if i not in hits_of[best_passage]]
        title = str(passages[[int(p["index"]) for p in passages].index(best_passage)].get("title") or "")
        return ComposedAnswer(text=not_covered(question, found, missing, title), used=[]), share
    # The question's shape decides what the first sentence must hold: a "who" answer names someone, a
    # "how long" answer a duration, about the asked subject; a sentence that only repeats the question's
    # words ("escalated to the duty manager" for "who is the duty manager?") is no answer.
    # A question naming its subject ("Which colours does the Nova Lamp come in?") needs a sentence
    # about that subject and the asked detail, not any sentence about the subject.
    shape = asked_shape(asked_text)
    # The thing asked for ("phone number" in "what is the phone number of ..."), its typos read as the
    # passages' words; a word of it no passage has is not a paraphrase here: the answer must name it.
    head = [
        (frozenset({h}) if h in vocabulary else spelling_variants(h, vocabulary)) or frozenset({h})
        for h in (stem(w) for w in asked_head(asked_text))
    ]
    # "How much does the Nova Lamp strap cost?": the answer must name the strap, not just price the lamp.
    part = name_modifier(asked_text)
    # (the part's own word, not its class members: a "bundle" is not named by the products it lists)
    head += [frozenset({stem(label)}) for _, label in labelled if label == part and stem(label) not in names]
    role = role_noun(asked_text, synonyms, vocabulary)  # "Who is the sales director?": not a partner
    # "What does the watch cost in euros?": a unit, place or condition closing the question is part of what is
    # asked; a figure in another unit ("List price: $249") is no answer.
    if closing := _CLOSING_IN.search(asked_text):
        unit = closing.group(1).lower()
        # A short unit ("yen", "gbp") is read as a tag and dropped from the concepts: still asked for.
        dropped = unit not in STOPWORDS and all(label != unit for _, label in labelled)
        head += [c for c, label in labelled if label == unit] or ([frozenset({stem(unit)})] if dropped else [])
    head += which_heads(asked_text, labelled, vocabulary)
    # With the asked thing named ("the battery life on the vista glasses"), the rest is its subject: a sentence
    # with the thing but about another subject ("the speaker's 12 hours of battery life") does not answer.
    subject = [c for c in concepts if c & vocabulary and not c <= LIGHT_VERBS and not any(c & h for h in head)]
    # "What does the Zephyr Kettle weigh?": the named subject is known, the asked detail is in no passage; a
    # sentence about the subject is no answer about that detail.
    named = written_names(contents)
    detail = [label for c, label in labelled if not c & named and not c <= LIGHT_VERBS]
    unknown_detail = all(not c & vocabulary for c, label in labelled if label in detail)
    if shape is None and not head and detail and unknown_detail and len(detail) < len(labelled):
        title = str(passages[[int(p["index"]) for p in passages].index(best_passage)].get("title") or "")
        found = [label for c, label in labelled if label not in detail]
        return ComposedAnswer(text=not_covered(question, found, detail, title), used=[]), share
    if shape is not None or head or role or any(c & names for c in concepts) or asks_where(asked_text):
        common = common_capitals([str(p.get("content") or "") for p in passages])
        phrases = bigrams(written)
        said_subject = asked_subject(asked_text, ROLE_WORDS)
        subject_concept = next((c for c, label in labelled if label == said_subject), None)
        content_of = {int(p["index"]): str(p.get("content") or "") for p in passages}
        fit = [
            u
            for u in ranked
            if coverage[u.passage] >= MIN_COVERAGE
            and about_asked(u, labelled, names, vocabulary, covered=decided(u))
            and gives_place(u.text, asked_text)
            and not other_kind(u.text, asked_text, phrases, synonyms)
            and (shape is None or subject_concept is None or bool(subject_concept & (u.terms | u.lead)))
            and (shape is not Shape.DURATION or subject_concept is None or duration_said_of(u, subject_concept))
            and all(h & (u.terms | u.lead) or implied(h, f"{u.heading} {u.text}", asked_text) for h in [*head, *role])
            and (not head or 2 * sum(1 for c in subject if c & (u.terms | u.lead)) >= len(subject))
            and (
                shape is None
                or fills_shape(shape, u.text, asked_text, common)
                or (shape is not Shape.WHO and fills_shape(shape, u.heading, asked_text, common))
                # a reason is often its own sentence of the passage ("Reasons: ..." after the decision)
                or (shape is Shape.WHY and fills_shape(shape, content_of.get(u.passage, ""), asked_text, common))
            )
        ]
        # "Express takes 1 to 2 hours in Lisbon and Porto" for "express to faro": the detail depends on the
        # place, and no sentence states it for the asked one.
        places = frozenset(stem(w) for w in capitalised)
        elsewhere = next(filter(None, (scoped_elsewhere(u.text, asked_text, vocabulary, places) for u in fit)), None)
        if elsewhere:
            fit = []
        if not fit:
            found = [label for i, (_, label) in enumerate(labelled) if i in hits_of[best_passage]]
            title = str(passages[[int(p["index"]) for p in passages].index(best_passage)].get("title") or "")
            detail = [label for c, label in labelled if not c & names and not c <= LIGHT_VERBS]
            detail = [label for label in detail if label not in found] or detail
            detail = [f"in {closing.group(1)}"] if closing else detail
            missing = [describe(shape)] if shape else [" ".join(asked_head(asked_text)) or ", ".join(detail)]
            missing = [elsewhere] if elsewhere else missing
            return ComposedAnswer(text=not_covered(question, found, missing, title), used=[]), share
        if shape is Shape.WHO:  # a person named with a title, then any person, outranks a role
            fit = people_first(fit, asked_text, common, score)
        ranked = [fit[0], *(u for u in ranked if u is not fit[0])]

    # "How much is the Trail Brew kit?": a sentence after the first names the asked part of a named thing too,
    # never only the thing's other parts ("Trail Kettle: List price: $45" is no kit's price). Nor is it
    # another subject's limit when the named subject has its own ("$50 or more" beside the islands').
    parts = [frozenset({stem(part)})] if part is not None else []

    subject_of = next((c for c, label in labelled if label == asked_subject(asked_text, ROLE_WORDS)), None)

    def names_thing(u: _Unit) -> bool:
        other_limit = (
            bool(own) and id(u) not in own and any(unit_of(t) in asked_kinds for t in number_units(u.text).values())
        )
        timed_elsewhere = shape is Shape.DURATION and subject_of is not None and not duration_said_of(u, subject_of)
        return not other_limit and not timed_elsewhere and all(h & (u.terms | u.lead) for h in parts)

    chosen = pick_sentences(ranked, score, coverage, concepts, min_coverage=MIN_COVERAGE, then=names_thing)
    chosen = limit_first(chosen, ranked, decision, score, most=MAX_SENTENCES)
    if not chosen:  # no sentence both covers the question and names its asked part: nothing to quote
        return ComposedAnswer(text=not_covered(question, [], [asked_text.split(". ")[-1]], ""), used=[]), share
    denied = denied_concepts(asked_text, concepts)  # "... not faulty": a rule for defective ones is another case
    chosen = [u for u in chosen if not is_contradicted(u, denied)] or chosen
    if chosen and all(misses_the_asking(asked_text, labelled, u) for u in chosen):
        return ComposedAnswer(text=not_covered(question, [], [asked_text.split(". ")[-1]], ""), used=[]), share
    # "We're sailing to the Outer Isles. How long ...?": a rule stated for the other names of its list is
    # no answer for the asked one ("2 to 3 hours to the Inner Isles").
    chosen, other_scope = in_scope(chosen, question, contents, synonyms)
    if other_scope:
        title = str(passages[[int(p["index"]) for p in passages].index(best_passage)].get("title") or "")
        found = [label for i, (_, label) in enumerate(labelled) if i in hits_of[best_passage]]
        return ComposedAnswer(text=not_covered(question, found, [f"for {other_scope}"], title), used=[]), share
    if decision.unstated:  # "can gloves come back after 20 days?": the stricter rule is for used ones
        ruled = [u for u in units if id(u) in decision.overridden]
        said = [u for u in chosen if id(u) in holds] or [u for u in units if id(u) in holds]
        return ComposedAnswer(text=depends(decision.unstated, ruled, said), used=[]), share
    said_first = [*case, *figures] if chosen and id(chosen[0]) in holds else []
    if chosen and sum(
        w for c, w in pairs if c & (chosen[0].terms | chosen[0].lead) or c in said_first
    ) < MIN_SENTENCE_SHARE * sum(weights):
        # The best sentence says too little of the question ("is the Singapore warehouse closed over lunar new
        # year?" -> a sentence about the Singapore hub's opening): a nearby sentence, not the answer.
        title = str(passages[[int(p["index"]) for p in passages].index(chosen[0].passage)].get("title") or "")
        found = [label for c, label in labelled if c & (chosen[0].terms | chosen[0].lead)]
        missing = [label for c, label in labelled if not c & (chosen[0].terms | chosen[0].lead)]
        return ComposedAnswer(text=not_covered(question, found, missing, title), used=[]), share
    chosen = with_continuation(chosen, units)
    if asks_consequence(asked_text):
        chosen = with_consequence(chosen, units)
    if shape is Shape.WHY:
        chosen = with_reason(chosen, units)
    answer = render(chosen, asked, [answers for answers, _ in shapes])
    if id(chosen[0]) in holds | decision.about and (compared := comparison(asked_text, chosen[0].text)):
        answer = ComposedAnswer(text=f"{compared} {answer.text}", used=answer.used)  # "85% is not below 80%."
    if asks_which_document(asked_text):
        # "Which runbook covers escalations?" asks for a document: name it before the sentence that shows it.
        title = str(passages[[int(p["index"]) for p in passages].index(chosen[0].passage)].get("title") or "")
        answer = ComposedAnswer(text=f'"{title}" covers it: {answer.text}', used=answer.used)
    return answer, share
