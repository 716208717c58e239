#!/usr/bin/env python3
"""Writes consent-form-fr.pdf and consent-form-en.pdf: the informed-consent
form clients download, fill in, sign and upload before booking (spec §1, §5).
A hand-made PDF 1.4 (pdf_writer.py), Helvetica in WinAnsiEncoding; run again
after editing the text."""
from pathlib import Path

from pdf_writer import build

FORMS = {
    "fr": ("Formulaire de consentement \u00e9clair\u00e9", [[
        ("F2", 16, "Formulaire de consentement \u00e9clair\u00e9"),
        ("F1", 10, "Equilibre - consultations de bien-\u00eatre en ligne"),
        ("F1", 11, ""),
        ("F1", 11, "Nom et pr\u00e9nom du client : ______________________________________"),
        ("F1", 11, "Date de naissance : ____ / ____ / ________"),
        ("F1", 11, "Adresse e-mail du compte : ______________________________________"),
        ("F1", 11, ""),
        ("F2", 11, "1. Nature des consultations"),
        ("F1", 11, "Les experts d'Equilibre (ayurveda, hom\u00e9opathie, naturopathie, hypnose, PNL,"),
        ("F1", 11, "coaching, nutrition, sant\u00e9 mentale) proposent un accompagnement informatif."),
        ("F1", 11, "Il ne remplace ni un diagnostic, ni un traitement m\u00e9dical, ni mon m\u00e9decin."),
        ("F2", 11, "2. Consultations en vid\u00e9o"),
        ("F1", 11, "Les s\u00e9ances ont lieu en vid\u00e9o ; elles ne sont pas enregistr\u00e9es."),
        ("F1", 11, "Je m'installe dans un lieu calme o\u00f9 je peux parler librement."),
        ("F2", 11, "3. Mes donn\u00e9es de sant\u00e9"),
        ("F1", 11, "Mon bilan de sant\u00e9 n'est lu que par les experts que je r\u00e9serve, si je l'accepte,"),
        ("F1", 11, "et par l'\u00e9quipe d'Equilibre. Je peux en demander l'effacement \u00e0 tout moment."),
        ("F2", 11, "4. Urgences"),
        ("F1", 11, "En cas d'urgence, j'appelle le 15 ou le 112 : la plateforme n'est pas un service"),
        ("F1", 11, "d'urgence."),
        ("F2", 11, "5. Engagement"),
        ("F1", 11, "Je d\u00e9clare avoir lu ce formulaire, pos\u00e9 mes questions et consentir librement"),
        ("F1", 11, "aux consultations. Je peux retirer mon consentement \u00e0 tout moment."),
        ("F1", 11, ""),
        ("F1", 11, "Fait \u00e0 ____________________, le ____ / ____ / ________"),
        ("F1", 11, "Signature du client, pr\u00e9c\u00e9d\u00e9e de \u00ab lu et approuv\u00e9 \u00bb :"),
    ]]),
    "en": ("Informed consent form", [[
        ("F2", 16, "Informed consent form"),
        ("F1", 10, "Equilibre - online wellbeing consultations"),
        ("F1", 11, ""),
        ("F1", 11, "Client's full name: ______________________________________"),
        ("F1", 11, "Date of birth: ____ / ____ / ________"),
        ("F1", 11, "Account e-mail address: ______________________________________"),
        ("F1", 11, ""),
        ("F2", 11, "1. What the consultations are"),
        ("F1", 11, "Equilibre's experts (Ayurveda, homeopathy, naturopathy, hypnosis, NLP, coaching,"),
        ("F1", 11, "nutrition, mental health) offer informational support. It replaces neither a"),
        ("F1", 11, "diagnosis, nor a medical treatment, nor my doctor."),
        ("F2", 11, "2. Video consultations"),
        ("F1", 11, "Sessions take place by video; they are not recorded. I choose a quiet place"),
        ("F1", 11, "where I can speak freely."),
        ("F2", 11, "3. My health data"),
        ("F1", 11, "My health assessment is read only by the experts I book, if I agree, and by"),
        ("F1", 11, "Equilibre's team. I may ask for it to be erased at any time."),
        ("F2", 11, "4. Emergencies"),
        ("F1", 11, "In an emergency I call 112 (or my local emergency number): the platform is not"),
        ("F1", 11, "an emergency service."),
        ("F2", 11, "5. Agreement"),
        ("F1", 11, "I have read this form, asked my questions and freely consent to the"),
        ("F1", 11, "consultations. I may withdraw my consent at any time."),
        ("F1", 11, ""),
        ("F1", 11, "Signed at ____________________, on ____ / ____ / ________"),
        ("F1", 11, "Client's signature, preceded by \"read and approved\":"),
    ]]),
}


if __name__ == "__main__":
    for lang, (title, pages) in FORMS.items():
        out = Path(__file__).with_name(f"consent-form-{lang}.pdf")
        out.write_bytes(build(title, pages))
        print(out, out.stat().st_size, "bytes")
