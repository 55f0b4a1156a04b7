"""Rewrites of the offline `extract_facts` role: wordings turned into shapes the sentence rules read.

"now it's Oskar on call" -> "Oskar is on call"; "the sync isn't on Monday anymore, now it's Thursday" ->
"the sync is on Thursday, not on Monday"; "I don't drink X anymore, switched to Y" -> "..., I switched to Y";
"our team uses X" -> "we use X". Applied by `memory._fact_rules.read_facts` to every sentence before any rule.
Generic English only.
"""

from __future__ import annotations

import re

from cognicore.memory._fact_words import CALENDAR

PERSON = r"(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
# Nouns that count people: a group said to be this many of them is a team's headcount.
_PEOPLE = PEOPLE = r"people|persons|reps|agents|engineers|technicians|techs|analysts|members|staff|admins|developers"
NUMBER = r"\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
# A day or month is when something happens, never a tool: "we moved the standup from Monday to Thursday".
_WHEN_WORD = r"(?:" + CALENDAR + r"|mon|tue|wed|thu|fri|sat|sun)\b"
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.I), r)
    for p, r in (
        # "HR says I'm a Senior AE now", "management says P3 SLA is 2 days" (M9): the news itself, told on someone's
        # word; who said it changes nothing of what it is.
        (
            r"^(?:(?:the\s+|my\s+|our\s+)?[\w-]+(?:\s+team)?|(?-i:[A-Z])[\w-]*)\s+(?:says|said|told\s+(?:me|us)|"
            r"tells\s+(?:me|us)|confirmed|announced|mentioned|informed\s+(?:me|us))(?:\s+that)?\s*[,:]?\s+(?=\S+\s+\S)",
            "",
        ),
        # "switched to the morning shift", "moved back to Madrid": news about the user with the "I" left out.
        (
            r"^(?:(?:just|finally|recently|also)\s+)?(?=(?:switched|moved|relocated|transferred|swapped|changed|joined|"
            r"migrated|went|got\s+(?:moved|transferred|promoted|reassigned))\s+(?:back\s+|over\s+|across\s+)?"
            r"(?:to|from|into|onto|on|off|over|my|our|the)\b)",
            "I ",
        ),
        # "swapped coffee for mate lately", "dropped Zoom for Teams": a replacement with the "I" left out.
        (
            r"^(?:(?:just|finally|recently|also)\s+)?(?=(?:swapped|traded|exchanged|ditched|dropped|replaced)\s+"
            r"(?!(?:it|them|this|that)\b)[\w.-]+(?:\s+[\w.-]+){0,3}\s+(?:for|with)\s+\S)",
            "I ",
        ),
        # "I can give up to 15% discount on X": a limit, as "my max discount on X is 15%" says it.
        (
            r"^I\s+(?:can|could|may|am\s+allowed\s+to|are\s+allowed\s+to|get\s+to)\s+(?:give|offer|grant|approve|spend|sign\s+off)\s+"
            r"(?:up\s+to|at\s+most|a\s+maximum\s+of|a\s+max\s+of)\s+(?P<n>[\d$\u20ac\u00a3][\w$\u20ac\u00a3%.,]*)\s+(?:of\s+|in\s+)?"
            r"(?P<what>[a-z][\w-]*)(?P<rest>(?:\s+(?:on|for|in)\s+.+)?)$",
            r"my max \g<what>\g<rest> is \g<n>",
        ),
        (
            r"^we\s+(?:can|could|may|am\s+allowed\s+to|are\s+allowed\s+to|get\s+to)\s+(?:give|offer|grant|approve|spend|sign\s+off)\s+"
            r"(?:up\s+to|at\s+most|a\s+maximum\s+of|a\s+max\s+of)\s+(?P<n>[\d$\u20ac\u00a3][\w$\u20ac\u00a3%.,]*)\s+(?:of\s+|in\s+)?"
            r"(?P<what>[a-z][\w-]*)(?P<rest>(?:\s+(?:on|for|in)\s+.+)?)$",
            r"our max \g<what>\g<rest> is \g<n>",
        ),
        # "IT swapped my ThinkPad for a MacBook": the user's thing replaced by someone else, as the user says it.
        (
            r"^(?:they|it|hr|finance|(?-i:[A-Z])[\w-]*)\s+(?:have\s+|has\s+|just\s+|finally\s+)*(?:swapped|replaced|"
            r"exchanged|traded|upgraded)\s+my\s+(?P<old>.+?)\s+(?:for|with|to)\s+(?P<new>.+)$",
            r"I swapped my \g<old> for \g<new>",
        ),
        # "Farida is not my manager anymore, it is Gustav": the role's new holder, not the old one.
        (
            r"^(?P<old>" + PERSON + r")\s+is\s+(?:not|no\s+longer)\s+"
            r"(?P<x>(?:my|our|the)\s+[\w-]+(?:\s+(?!any)[\w-]+)?)"
            r"(?:\s+any\s*more)?\s*[,;]\s*(?:but\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>" + PERSON + r")"
            r"(?:\s+now)?(?=[.!]?\s*$)",
            r"\g<x> is \g<new>, not \g<old>",
        ),
        # "Correction: the maintenance window is ...": a correction is about what the user said before: ours.
        (r"^(?:correction|actually|update)\s*[,:-]?\s+the\s+", "our "),
        # "pricing review got pushed back to 17 June": a bare thing that changed is the user's team's.
        (
            r"^(?!(?:I|we|they|he|she|it|you|my|our|the|this|that|there|someone|everyone)\b)(?P<x>[a-z][\w-]*"
            r"(?:\s+[a-z][\w-]*)?)\s+(?=(?:got|has\s+been|have\s+been|was|were)\s+(?:pushed|moved|postponed|delayed|"
            r"brought|rescheduled|changed|raised|cut|lowered|increased|reduced|bumped|slashed|extended|shortened|"
            r"relaxed|tightened|halved|doubled|capped|revised|adjusted)\b)",
            r"our \g<x> ",
        ),
        # "Bruno handed the pager over to Lucia": the one it was handed to took it over from the other.
        (
            r"^(?P<old>" + PERSON + r")\s+(?:has\s+|just\s+)*(?:handed|passed|gave)\s+(?:over\s+)?"
            r"(?P<x>(?:the|our|his|her)\s+[\w-]+(?:\s+(?!over\b|to\b)[\w-]+)?)\s+(?:over\s+)?to\s+(?P<who>"
            + PERSON
            + r")(?:\s+(?:today|now|yesterday|(?:this|last)\s+\w+))?(?=[.!]?\s*$)",
            r"\g<who> took over \g<x> from \g<old>",
        ),
        # "we migrated incident tracking from Jira to ServiceNow": the new tool for that thing, not the old one.
        (
            r"^(?P<s>I|we)\s+(?:have\s+|just\s+|finally\s+)*(?:migrated|switched|transitioned|converted|"
            r"moved(?=\s+(?:\S+\s+){0,3}?over\s+from\b))\s+"
            r"(?:our\s+|the\s+|my\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:over\s+)?from\s+"
            r"(?!" + _WHEN_WORD + r")(?P<old>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)\s+(?:over\s+)?to\s+"
            r"(?!" + _WHEN_WORD + r")(?P<new>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)(?=[.!]?\s*$)",
            r"\g<s> use \g<new> for \g<what> instead of \g<old>",
        ),
        # "first line is 11 people now", "inside sales is down to 8 reps": a group's headcount, as a team's.
        # "We hired two more, first line is 11 people now": the headcount is a statement of its own.
        (
            r"(?<=\w),\s+(?=[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:team\s+)?is\s+(?:now\s+)?(?:down\s+to\s+|up\s+to\s+)?"
            r"(?:\d+|" + NUMBER + r")\s+(?:" + _PEOPLE + r")\b)",
            "; ",
        ),
        (
            r"(?:^|(?<=;\s))(?:(?:after|since|with)\s+[^,]{2,40}?,?\s+)?(?!(?:it|this|that|there|he|she|which|what|the|a|an)\b)"
            r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:team\s+)?is\s+(?:now\s+)?(?:down\s+to\s+|up\s+to\s+)?"
            r"(?P<n>\d+|" + NUMBER + r")\s+(?P<u>" + _PEOPLE + r")"
            r"(?:\s+(?:now|strong|these\s+days))?(?=[.!]?\s*$)",
            r"our \g<x> team has \g<n> \g<u>",
        ),
        (r"\bI\s+have\s+given\s+up\b", "I gave up"),
        # "I've come round to line charts": a preference reached, as "I prefer line charts" says it.
        (r"\bI\s+(?:have\s+)?(?:come\s+(?:a)?round\s+to|warmed\s+(?:up\s+)?to|got\s+into|gotten\s+into)\b", "I prefer"),
        # "change of plan, now ...": an opening that says a change follows, nothing itself.
        (r"^\s*(?:change\s+of\s+plans?|small\s+change|quick\s+update|update|correction|heads\s+up)\s*[,:-]\s*", ""),
        (r"^\s*(?:(?:it\s+)?turns\s+out|as\s+it\s+turns\s+out)(?:\s+that)?\s*,?\s+", ""),
        # "now it's Oskar on call": a cleft sentence naming who is (on call, in charge ...).
        (
            r"\b(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<who>" + PERSON + r")\s+(?:who\s+is\s+)?(?P<rest>(?:on|in)\s+\w)",
            r"\g<who> is now \g<rest>",
        ),
        # "the sync is not on Monday anymore, now it is Thursday at 2pm": the new value, not the old.
        (
            r"^(?P<x>(?:the|our|my)\s+[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:is\s+not|is\s+no\s+longer)\s+(?P<p>(?:on|at|in)\s+)?"
            r"(?P<old>[^,;]+?)(?:\s+any\s*more)?\s*[,;]\s*(?:but\s+|and\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)(?=[.!]?\s*$)",
            r"\g<x> is \g<p>\g<new>, not \g<p>\g<old>",
        ),
        # "I do not drink X anymore, switched to Y": the second clause keeps the first one's subject.
        (
            r"^(?P<s>I|we)\b(?P<mid>[^,;]+)[,;]\s+(?:and\s+|but\s+|so\s+)?(?:now\s+)?(?P<v>switched|moved|changed|swapped|"
            r"went|started|replaced|relocated)\b",
            r"\g<s>\g<mid>, \g<s> \g<v>",
        ),
        # "no more sushi for me, it's salads now": the new value replaces the one said to be over.
        (
            r"^(?P<neg>(?:no\s+more|not|never|off|quit|gave\s+up|given\s+up|dropped)\s+(?P<old>[^,;]+?))"
            r"(?:\s+for\s+me)?\s*[,;]\s*(?:but\s+|so\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)"
            r"(?:\s+for\s+me)?(?:\s+now)?(?=[.!]?\s*$)",
            r"I prefer \g<new> instead of \g<old>",
        ),
        (
            r"^(?P<first>I\s+(?:have\s+)?(?:given\s+up|gave\s+up|quit|stopped|dropped)\s+(?P<old>[^,;]+?))\s*[,;]\s*"
            r"(?:but\s+|so\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)(?:\s+for\s+me)?(?:\s+now)?(?=[.!]?\s*$)",
            r"\g<first>. I prefer \g<new> instead of \g<old>",
        ),
        # "they put me on the hardware queue, network went to Sam": the user's membership, then what follows.
        (
            r"^(?:they|management|my\s+manager|my\s+boss|(?-i:[A-Z])\w+)\s+(?:have\s+|has\s+|just\s+)*(?:moved|switched|"
            r"transferred|reassigned|put)\s+me\s+(?:on|onto|to|into)\s+(?:the\s+)?(?P<new>[\w-]+(?:\s+[\w-]+)?\s+(?:shift|"
            r"team|queue|rota|rotation|desk|squad|crew|project|region))\b\s*(?:[,;]\s*(?:and\s+|so\s+)?)?",
            r"I am on the \g<new>. ",
        ),
        # "They moved me from the north desk to the south desk": the user's assignment changed.
        (
            r"^(?:they|management|my\s+manager|my\s+boss|the\s+company|[A-Z]\w+)\s+(?:have\s+|has\s+)?(?:moved|switched|"
            r"transferred|reassigned|put)\s+me\s+(?:from\s+(?:the\s+)?(?P<old>.+?)\s+)?(?:to|onto|on|into)\s+(?:the\s+)?"
            r"(?P<new>.+?)(?=[.!]?\s*$)",
            r"I am now assigned to \g<new>, not \g<old>",
        ),
        # "Backups run every night at 1am": when something recurring happens, as "our backups happen at" says it.
        (
            r"^(?:the\s+|our\s+)?(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:run|runs|happen|happens|take\s+place|"
            r"takes\s+place|go\s+out|goes\s+out)\s+(?=(?:now\s+)?(?:every\s+\w+\s+)?(?:at|on)\s)",
            r"our \g<x> happens ",
        ),
        # "im more into laptops these days": a preference, as "I am into laptops" says it.
        (r"\bI\s+am\s+(?:much\s+|a\s+lot\s+|way\s+|a\s+bit\s+)?more\s+into\b", "I am into"),
        # "Our team uses Salesforce": the team is "we".
        (
            r"^(?:our|the)\s+(?:team|company|department|group)\s+(?P<v>uses|has|tracks|meets|works|agreed|decided|"
            r"opted|chose)\b",
            r"we \g<v>",
        ),
        # "Marco left the company, Sofia owns the account" / "lukas quit, the vpn is owned by Mei": two statements.
        (
            r"^(?P<a>[^,;]{2,60}?\b(?:left|quit|retired|resigned|moved\s+on|is\s+gone|has\s+gone|dropped|ditched|stepped\s+down)\b[^,;]{0,40}?)\s*,\s*"
            r"(?P<b>\S)",
            r"\g<a>. \g<b>",
        ),
        # "I work the early shift": on a shift, as "I am on the early shift" says it.
        (
            r"^I\s+(?:work|do|cover)\s+(?:the\s+|a\s+)?(?P<o>[\w-]+\s+(?:shift|rotation))(?=[.!]?\s*$)",
            r"I am on the \g<o>",
        ),
        # "I want reports in Excel now": a preference said as a wish, marked as current.
        (
            r"\bI\s+(?:want|would\s+like|need)\s+(?P<x>[^,;.]+?)\s+(?P<t>now|from\s+now\s+on|instead|these\s+days)\b",
            r"I prefer \g<x> \g<t>",
        ),
        # "Cisco has been replaced by Zscaler for VPN": the new tool instead of the old one.
        (
            r"^(?P<old>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)\s+(?:has\s+been|was|got|is\s+being)\s+replaced\s+"
            r"(?:by|with)\s+(?P<new>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)",
            r"we replaced \g<old> with \g<new>",
        ),
        # "we shifted standup to 9:30": a thing of the team's moved, as "our standup was moved to 9:30" says it.
        (
            r"^we\s+(?:have\s+|just\s+)*(?:moved|shifted|pushed|brought|changed|rescheduled)\s+(?:the\s+|our\s+)?"
            r"(?P<x>(?!(?:from|over|back|it|them|this|that)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:back\s+|forward\s+|up\s+)?"
            r"to\s+(?P<o>.+)$",
            r"our \g<x> was moved to \g<o>",
        ),
        # "we're on Freshdesk since Monday": a tool by its name, as "we use Freshdesk" says it.
        (
            r"^(?P<s>I|we)\s+(?:am|are)\s+(?:now\s+)?on\s+(?!" + _WHEN_WORD + r")(?P<tool>(?-i:[A-Z])[\w.-]*"
            r"(?:\s+(?-i:[A-Z])[\w.-]*)?)(?=\s+(?:now|since|from|as\s+of)\b|[.!]?\s*$)",
            r"\g<s> use \g<tool>",
        ),
        # "I sit in building C now": where the user's desk is, as "my desk is in building C" says it.
        (r"^I\s+(?:now\s+)?(?:sit|am\s+sitting|am\s+seated|am\s+sat)\s+(?=(?:in|on|at)\s)", "my desk is "),
        # "Laptops are Bruno's area now", "Wi-Fi tickets are Chloe's now": whose they are, as "... go to Bruno" says it.
        (
            r"^(?:the\s+|our\s+)?(?P<x>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:is|are)\s+(?:now\s+)?(?P<who>" + PERSON + r")'s"
            r"(?:\s+(?:area|job|responsibility|domain|remit|patch|thing|queue|call)\b)?(?=\s+now\b|\s*[,;.!]|\s*$)",
            r"\g<x> go to \g<who>",
        ),
        # "the team relocated from Lisbon to the Porto office": where the group sits now (the old place stays in the
        # message, which names the known fact it ends).
        (
            r"^(?:the|our|my(?!\s+(?:[\w-]+\s+)?(?:desk|office)\b))\s+"
            r"(?P<x>(?:[\w-]+\s+)?(?:team|group|department|desk|unit|squad|office))\s+(?:has\s+|have\s+)?"
            r"(?:just\s+)?(?:moved|relocated)\s+(?:from\s+(?:the\s+)?.+?\s+)?(?:to|into)\s+(?P<new>.+?)(?=[.!]?\s*$)",
            r"our \g<x> sits in \g<new>",
        ),
        # "my desk moved to the fifth floor": the user's own place ("my"), not the group's ("my team" is the group)
        (
            r"^my\s+(?P<x>(?:[\w-]+\s+)?(?:desk|office))\s+(?:has\s+)?"
            r"(?:just\s+)?(?:moved|relocated)\s+(?:from\s+(?:the\s+)?.+?\s+)?(?:to|into)\s+(?P<new>.+?)(?=[.!]?\s*$)",
            r"my \g<x> is in \g<new>",
        ),
        # "Europe sales are my responsibility since October": what the user looks after, as "I look after ..." says it.
        (
            r"^(?:the\s+)?(?P<x>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:is|are)\s+(?:now\s+)?my\s+(?:responsibility|job|area|remit|"
            r"patch|domain|beat)\b",
            r"I look after \g<x>",
        ),
        # "FYI the team switched to HubSpot this month": the user's team is "we"; a named thing switched to is a tool
        # used, never the team's name (a place is moved or relocated to, not switched to).
        (
            r"^(?P<open>(?:(?:fyi|btw|so|ok|okay|update|heads[\s-]up)[,:]?\s+)?)(?:the|our|my)\s+(?:team|company|group|"
            r"department)\s+(?:has\s+|have\s+)?(?:just\s+|finally\s+)?(?:switched|migrated)\s+(?:over\s+)?to\s+"
            r"(?=(?-i:[A-Z]))",
            r"\g<open>we switched to ",
        ),
        # "forecasting moved to Anaplan": the tool now used for a kind of work, named by its name.
        (
            r"^(?P<what>(?-i:[a-z])[\w-]*ing(?:\s+[a-z][\w-]*)?)\s+(?:has\s+)?(?:moved|switched|migrated|went)\s+(?:over\s+)?"
            r"to\s+(?!" + _WHEN_WORD + r")(?P<new>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)",
            r"we use \g<new> for \g<what>",
        ),
        # "Omar is the desk lead now": a person named as a role's holder, as "our desk lead is Omar" says it.
        (
            r"(?:^|(?<=\.\s))(?P<who>" + PERSON + r")\s+is\s+(?:now\s+)?(?:the|our)\s+(?P<role>[a-z][\w-]*"
            r"(?:\s+[a-z][\w-]*){0,2}?)\s+(?:now|these\s+days|from\s+now\s+on)(?=[.!]?\s*$)",
            r"our \g<role> is \g<who> now",
        ),
        # "the helpdesk moved to room 118": where a thing is, as "our helpdesk is located in room 118" says it.
        (
            r"^(?:the\s+|our\s+)?(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:has\s+|have\s+|just\s+)*(?:moved|relocated)"
            r"\s+(?:back\s+|down\s+|up\s+)?(?:to|into)\s+(?P<o>(?:the\s+)?(?:room|floor|building|level|wing|suite)\b.*|"
            r"(?:the\s+)?\d+\w*\s+floor\b.*)$",
            r"our \g<x> is located in \g<o>",
        ),
        # "pipeline review is thursdays now": a thing of the user's work with its "our" left out, changed now.
        (
            r"^(?!(?:I|we|they|he|she|it|you|my|our|the|this|that|there|these|those|what|which|who|how|where|when|why|"
            r"no|not|nobody|everyone|someone|a|an|any|all|each|every)\b)(?P<x>(?-i:[a-z])[\w-]*(?:\s+[a-z][\w-]*){0,2}?|"
            r"(?-i:[A-Z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){1,2}?)\s+(?=(?:is|are|live|lives|sit|sits)\s+"
            r"(?!(?:not|no|being|getting|working|going)\b)"
            r"(?:[^,;]+?\s+(?:now|these\s+days|from\s+now\s+on|nowadays|from\s+(?:this|next)\s+\w+|as\s+of|starting)\b"
            # "standup is at 9 every day": when it happens needs no "now"
            r"|(?:at|on)\s+(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)))",
            r"our \g<x> ",
        ),
        # Clefts (M9): "Pavel is the one I report to" / "Dark mode is what I like on dashboards": the plain sentence,
        # "I report to Pavel", "I like dark mode on dashboards". A time said first is dropped: it is when, not what.
        (
            r"^(?:(?:since|as\s+of|starting|from)\s+(?:last\s+|this\s+)?\w+\s*,?\s+)?(?P<x>" + PERSON + r"|"
            r"(?:the\s+|my\s+|our\s+)?[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:is|are)\s+(?:the\s+(?:one|person|guy|people)\s+"
            r"(?:(?:who|whom|that)\s+)?|who\s+|whom\s+|what\s+)(?P<s>I|we)\s+(?P<v>(?!am\b|are\b|was\b|were\b)[a-z]+)"
            r"(?P<rest>(?:\s+[\w-]+)*?)(?P<p>\s+(?:to|with|for|on|at|in|from))?(?P<end>[.!]?)\s*$",
            r"\g<s> \g<v>\g<p> \g<x>\g<rest>\g<end>",
        ),
    )
)
_VERB_3RD = {"uses": "use", "has": "have", "tracks": "track", "meets": "meet", "works": "work"}


def rewrite(text: str) -> str:
    """`text` with the wordings above turned into shapes the sentence rules read."""
    for pattern, repl in _REWRITES:
        text = pattern.sub(repl, text)
    return re.sub(r"^we (uses|has|tracks|meets|works)\b", lambda m: "we " + _VERB_3RD[m[1].lower()], text, flags=re.I)
