"""The words each language does not use any more, checked in every catalog.

Each ``docs/i18n/<lang>.md`` keeps the language's term base: one word per
concept, the register, one form for the buttons of a kind. The words it
replaced come back whenever a message is added by someone who does not know
the choice, so CI looks for them (tests/i18n/test_term_base.py); that test also
makes sure every word listed here is named in the language's document, so the
document and the check cannot drift apart.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from chatbot.i18n.style import translations

BN_LETTER = "\u0980-\u09ff"


class Avoid(NamedTuple):
    """A word not to use: as the term base names it, how it is found, and what to write."""

    word: str
    pattern: str
    use: str


AVOID: dict[str, tuple[Avoid, ...]] = {
    "pt_BR": (
        Avoid("encoberta", r"encobert", "coberta"),
        Avoid("estragada", r"estragad", "empatada"),
        Avoid("ligado/desligado", r"\b(?:des)?ligad[ao]s?\b", "sim / não, com flor / sem flor"),
        Avoid("Tentos", r"\b[Tt]entos?\b", "pontos"),
        Avoid("mandar suas mãos", r"(?:suas|minhas) mãos", "suas cartas"),
        Avoid("a time", r"\b(?:a|da|na|uma|outra|segunda|primeira) time\b", "o time"),
        Avoid("Ir ao monte (botão)", r"^Ir ao monte$", "Vou ao monte"),
        Avoid("carta fechada (jogada)", r"(?:jog\w+|descart\w+) (?:uma |\{n\} )?cartas? fechadas?",
              "carta coberta"),
        Avoid("lado (time)",
              r"\b(?:[Oo]s?|outro|primeiro|cada) lados?\b|lado contra lado|lados opostos", "time"),
        Avoid("governador", r"[Gg]overnador", "capitão"),
        Avoid("nova distribuição", r"nova distribuição|redistribui", "cartas novas"),
        Avoid("pontuação (rating)", r"[Pp]ontuaç", "rating"),
        Avoid("vitória sua", r"vitória sua", "você ganhou"),
        Avoid("pedir put", r"pedir (?:um )?put", "dar put"),
        Avoid("eles marcam (botão)", r"\(eles marcam", "os adversários marcam"),
        Avoid("a sós", r"\ba sós\b", "sozinho"),
    ),
    "fa": (
        Avoid("علامت", r"علامت", "اشاره"),
        Avoid("برگ", r"برگ(?!ش|رد)", "ورق (۴۰‌ورقی for the deck)"),
        Avoid("کارت", r"کارت", "ورق"),
        Avoid("خاموش", r"خاموش", "مجاز نیست / نه"),
        Avoid("کنار کشیدن", r"کنار (?:ب|می‌)?کش", "فرار"),
        Avoid("دور آهنی", r"دورِ? آهنی", "دورِ کور"),
        Avoid("ماله", r"ماله", "نیمهٔ اول"),
        Avoid("بوئنا", r"بوئنا", "نیمهٔ دوم"),
        Avoid("تیم خواننده", r"تیمِ? (?:آخرین )?خواننده", "تیمی که تروکو خوانده"),
        Avoid("کون فلور", r"کون فلور", "کُن فلور مِ آچیکو"),
        Avoid("تیم A", r"تیمِ? [AB]\b", "تیم الف / ب"),
        Avoid("بازی‌های برده", r"بازی‌های برده", "بُردها"),
        Avoid("دور انداختن", r"دور (?:انداخت|بینداز|می‌انداز)", "کنار گذاشتن"),
        Avoid("قبول نیست", r"قبول نیست", "قبول نمی‌کنم!"),
        Avoid("ورق دادن دوباره", r"ورق دادن دوباره|دوباره ورق دادن", "ورق تازه"),
        Avoid("وارو", r"وارو", "بسته"),
        Avoid("سخت‌گیر", r"سخت‌گیر", "گزیده‌کار"),
        Avoid("بازی یاری", r"بازی یاری", "بازی با یار"),
        Avoid("برنده شما", r"برنده (?:شما|\{team\})", "شما بردید، {team} برد"),
        Avoid("گفتگو", r"گفتگو", "گفت‌وگو"),
        Avoid("این‌جا", r"این‌جا", "اینجا"),
    ),
    "ur": (
        Avoid("گیم", r"گیم", "کھیل"),
        Avoid("بھاگ", r"بھاگ", "بازی چھوڑنا، بازی چھوڑ دی"),
        Avoid("نہیں منظور", r"نہیں منظور", "منظور نہیں!"),
        Avoid("لے ٹرک", r"لے ٹرک", "لے تروک"),
        Avoid("ال ریسٹو", r"(?<!آ)ال ریسٹو", "آل ریسٹو"),
        Avoid("بگڑا", r"بگڑ", "برابر"),
        Avoid("کی طرف کو", r"کی طرف کو", "کو"),
        Avoid("چلو", r"(?<![\u0600-\u06ff])چلو(?![\u0600-\u06ff])", "چلیں"),
        Avoid("فریق", r"فریق", "ٹیم"),
        Avoid("قیمت", r"قیمت", "پوائنٹ (بازی 3 پوائنٹ کی)"),
        Avoid("کنارہ", r"کنارہ", "پتّے ڈال دینا (پٹ)"),
        Avoid("مانیلے", r"مانیلے", "مانیلا"),
        Avoid("اونچا / نیچا", r"اونچ|نیچا|نیچی", "بڑا / چھوٹا"),
        Avoid("سخت گیر", r"سخت ?گیر", "کنجوس"),
        Avoid("اسکور میں جڑنا", r"اسکور میں جُ?ڑ", "اسکور میں شامل ہونا"),
        Avoid("اپڈیٹ", r"اپڈیٹ", "اپ ڈیٹ"),
        Avoid("« »", r"[«»]", "“ ”"),
        Avoid("انویڈو کے نمبر", r"انویڈو کے نمبر", "انویڈو کے پوائنٹ"),
        Avoid("«انکار:»", r"انکار:", "بازی چھوڑ دی: (لے تروک)"),
        Avoid("حصہ", r"حصہ|حصے", "حصّہ"),
        Avoid("«پتہ»", r"پتہ", "ایڈریس"),
        Avoid("«سیٹ نہیں:»", r"^سیٹ نہیں:", "خالی:"),
        Avoid("لوہے کی بازی", r"لوہے", "اندھی بازی"),
        Avoid("پوری گڈّی", r"پوری گڈّی|گڈّی: پوری", "بڑی گڈّی (40 پتّے)"),
        Avoid("لاپروا", r"لاپروا", "بے دھڑک"),
        Avoid("ڈیفالٹ", r"ڈیفالٹ", "پہلے سے طے شدہ"),
        Avoid("دوبارہ بانٹنے کا کہنا", r"بانٹنے کا (?:نہیں )?کہ", "نئے پتّے مانگنا"),
        Avoid("«مانو کی ٹیم»", r"مانو (?:کی|کے|سے)", "پہلے کھلاڑی کی ٹیم"),
        Avoid("«بازی چھوڑ دی!» (بٹن)", r"(?:چھوڑ دی|پھینک دیے|ڈال دیے|دیکھ لیا)[!:]",
              "بازی چھوڑیں، پتّے پھینکیں، پتّے ڈالیں، دیکھتے ہیں!"),
        Avoid("«یہ بازی منظور»", r"بازی منظور", "یہ بازی کھیلیں"),
        Avoid("صاف گڈّی", r"صاف گڈّی", "چھوٹی گڈّی"),
        Avoid("آپشنز", r"آپشن", "ترتیبات"),
        Avoid("بولی کے درجے", r"بولی کے درج|درجہ وار|اگلا درجہ|درجہ اوپر", "بولی کے مرحلے"),
        Avoid("بوسے کو", r"بوسے کو", "بوسے کے لیے"),
        Avoid("اصلی کھلاڑی", r"اصلی کھلاڑی", "لوگوں کے خلاف"),
        Avoid("ہار مان لی (son buenas)", r"ہار مان", "میرے پوائنٹ کم ہیں"),
        Avoid("اشارہ دیکھنا (مخالف)", r"(?:مخالف|اشارہ|اشارے جو) دیکھ (?:سکت|لی)", "اشارہ پکڑنا"),
    ),
    "bn": (
        Avoid("পার্টনার", r"পার্টনার", "সঙ্গী"),
        Avoid("পাট", rf"পাট(?![{BN_LETTER}])|পাটের|পাটে(?![{BN_LETTER}])|পাট-", "পুট"),
        Avoid("তিরি", r"তিরি", "তিক্কা"),
        Avoid("দুরি", r"দুরি", "দুক্কা"),
        Avoid("টেবিলের নিয়ম", r"টেবিলের (?:একটি )?(?:“[^”]*” )?নিয়ম", "টেবিলের বিকল্প"),
        Avoid("তোমার", rf"তোমা|(?<![{BN_LETTER}])খেলো(?![{BN_LETTER}])", "আপনার, খেলুন"),
        Avoid("নষ্ট পিট", r"নষ্ট", "ড্র"),
        Avoid("একটা", rf"(?:এক|আরেক|প্রতি|কোনো|[০-৯]|খেলা|দান|বোতাম|টেবিল|উত্তর|কাছের|এ)টা"
              rf"(?:ই|কে|র)?(?![{BN_LETTER}])", "-টি"),
        Avoid("আপনাদের (a hint)", r"^(?:এই দান খেলুন|আপনার ফ্লোর|এই চালে).*আপনাদের",
              "আপনার পক্ষের"),
        Avoid("ঘোষণা", r"ঘোষণা", "ফ্লোর ডাকা"),
        Avoid("পুট-বলিয়ে", r"পুট-বলিয়ে|পুট বল|“পুট!” বল", "যে পুট ডেকেছে, পুট ডাকা"),
        Avoid("ওরা", rf"(?<![{BN_LETTER}])ওরা(?![{BN_LETTER}])", "প্রতিপক্ষ"),
        Avoid("খেলা শেষ", r"খেলা শেষ|খেলার (?:ফয়সালা|নিষ্পত্তি)|নিষ্পত্তি", "গেম শেষ, গেমের ফয়সালা"),
        Avoid("বনাম (স্কোর)", r"\{score_a\} বনাম|[০-৯] বনাম [০-৯]", "{score_a}–{score_b}"),
        Avoid("আগে থেকে ঠিক করা", r"আগে থেকে ঠিক করা|আগে থেকে এটি", "ডিফল্ট"),
        Avoid("আঁটসাঁট / ঢিলেঢালা", r"আঁটসাঁট|ঢিলেঢালা", "হিসেবি / দিলদরিয়া"),
        Avoid("প্রত্যেকে নিজের জন্য", r"নিজের (?:নিজের )?জন্য খেল|প্রত্যেকে নিজের জন্য",
              "যে যার নিজের হয়ে"),
        Avoid("পালালাম (বোতাম)",
              r"^(?:এই দান খেলছি|এই দান থেকে পালালাম|পালালাম|দান ছেড়ে দিলাম|দেখলাম"
              r"|তাস ছেড়ে দিলাম|ডাক বাড়ালাম)(?:!| \(|$)",
              "এই দান খেলব, এই দান থেকে পালাব, পালাব, দেখব"),
        Avoid("যোগ দিন (বোতাম)",
              r"^(?:(?:দল [AB]-তে )?যোগ দিন|টেবিল ছাড়ুন|বট যোগ করুন|শুরু করুন|টেবিল বন্ধ করুন"
              r"|আবার খেলুন|টেবিল খুলুন)$", "যোগ দেব, শুরু করব, টেবিলটি দেখব"),
        Avoid("পরিষ্কার প্যাকেট", r"পরিষ্কার|পুরো প্যাকেট|প্যাকেট: পুরো",
              "বড় প্যাকেট / ছোট প্যাকেট"),
        Avoid("এনভিডোর পয়েন্ট (count)",
              r"এনভিডোর পয়েন্ট(?: ভালো|:)|আপনার পয়েন্ট(?: জেতার|:)", "এনভিডোর হিসাব"),
        Avoid("যিনি / তিনি", rf"(?<![{BN_LETTER}])(?:যিনি|তিনি|তাঁর|তাঁকে|উনি|ওঁর)(?![{BN_LETTER}])"
              r"|রাখেন।$", "যে … সে, তার, রাখে"),
        Avoid("ছয়! / দশ! / বারো!", r"(?:^|“)(?:ছয়|দশ|বারো)!|(?:ছয়|দশ|বারো) ডাকল|^• (?:ছয়|দশ|বারো):",
              "ছয় পয়েন্ট!, দশ পয়েন্ট!, বারো পয়েন্ট!"),
        Avoid("ক আর খ", rf"ক আর খ|• ক, |→ ক(?![{BN_LETTER}])", "A আর B"),
        Avoid("তুললেন আপনি", r"(?:তুললেন|জিতলেন) আপনি", "আপনি … তুললেন"),
        Avoid("এবার দান (ডাক)", r"\} এবার দান", "রাজি হলে দান"),
        Avoid("ওটাই বড়", r"ওটাই বড়", "আমার কম"),
        Avoid("টস", rf"(?<![{BN_LETTER}])টস(?![{BN_LETTER}])", "এলোমেলোভাবে"),
        Avoid("ট্রুকো রাজি হয়ে", r"ট্রুকো (?:আগেই )?রাজি", "ট্রুকোতে রাজি হওয়া"),
        Avoid("রাজা", r"রাজা", "সাহেব"),
        Avoid("হার মানলাম", r"হার মান", "আমার কম"),
        Avoid("নওলা", r"নওলা", "নহলা"),
        Avoid("জ্যাপ", r"জ্যাপ", "জাপ"),
        Avoid("লটারি", r"লটারি", "এলোমেলোভাবে"),
        Avoid("দেখা পুট", r"দেখা পুট", "পুট দেখা হলে"),
        Avoid("মেনে নেওয়া", r"মেনে নে", "রাজি"),
        Avoid("জবাব", r"জবাব", "উত্তর"),
        Avoid("অপশন", r"অপশন", "বিকল্প"),
        Avoid("ব্যক্তিগত চ্যাট", r"ব্যক্তিগত চ্যাট", "প্রাইভেট চ্যাট"),
        Avoid("খালি (unset)", r"^খালি:|^দেওয়া না থাকলে:", "সেট না থাকলে:"),
        Avoid("তত্ত্বাবধায়ক", r"তত্ত্বাবধায়ক", "সুপারভাইজার প্রোগ্রাম"),
        Avoid("এখনো", r"এখনো", "এখনও"),
    ),
}


def forbidden_alternates(locale: str) -> list[tuple[str, str]]:
    """(replaced word, translation) for every translation that still uses one."""
    found = []
    compiled = [(avoid.word, re.compile(avoid.pattern)) for avoid in AVOID.get(locale, ())]
    for _, text in translations(locale):
        found += [(word, text) for word, pattern in compiled if pattern.search(text)]
    return found
