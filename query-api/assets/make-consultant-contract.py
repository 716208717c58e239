#!/usr/bin/env python3
"""Writes consultant-contract.pdf: the contract template consultants download,
fill in and upload (spec §2, documents page). A hand-made PDF 1.4
(pdf_writer.py), French then English, Helvetica in WinAnsiEncoding; run again after editing the text."""
from pathlib import Path

from pdf_writer import build

TITLE = "Contrat de consultant / Consultant agreement"
PAGES = [
    [
        ("F2", 16, "Contrat de prestation de consultant"),
        ("F1", 10, "Equilibre - plateforme de consultations en ligne"),
        ("F1", 11, ""),
        ("F2", 11, "Entre"),
        ("F1", 11, "Equilibre, ci-apr\u00e8s \u00ab la plateforme \u00bb, et"),
        ("F1", 11, "Nom et pr\u00e9nom du consultant : ______________________________________"),
        ("F1", 11, "Adresse : ______________________________________________________"),
        ("F1", 11, "ci-apr\u00e8s \u00ab le consultant \u00bb."),
        ("F1", 11, ""),
        ("F2", 11, "1. Objet"),
        ("F1", 11, "Le consultant propose des consultations en ligne aux clients de la plateforme,"),
        ("F1", 11, "en toute ind\u00e9pendance et sous sa seule responsabilit\u00e9 professionnelle."),
        ("F2", 11, "2. Obligations du consultant"),
        ("F1", 11, "Il exerce avec diligence, respecte la confidentialit\u00e9 des \u00e9changes et tient"),
        ("F1", 11, "ses disponibilit\u00e9s \u00e0 jour. Il d\u00e9clare \u00eatre titulaire des dipl\u00f4mes fournis."),
        ("F2", 11, "3. R\u00e9mun\u00e9ration"),
        ("F1", 11, "Le prix de chaque s\u00e9ance est fix\u00e9 par le consultant ; la plateforme per\u00e7oit"),
        ("F1", 11, "une commission sur chaque s\u00e9ance r\u00e9alis\u00e9e et reverse le solde au consultant."),
        ("F2", 11, "4. Donn\u00e9es personnelles"),
        ("F1", 11, "Les donn\u00e9es des clients ne servent qu'\u00e0 la consultation (RGPD)."),
        ("F2", 11, "5. Dur\u00e9e et r\u00e9siliation"),
        ("F1", 11, "Contrat \u00e0 dur\u00e9e ind\u00e9termin\u00e9e, r\u00e9siliable par chaque partie avec un"),
        ("F1", 11, "pr\u00e9avis de trente jours."),
        ("F1", 11, ""),
        ("F1", 11, "Fait \u00e0 ____________________, le ____ / ____ / ________"),
        ("F1", 11, "Signature du consultant, pr\u00e9c\u00e9d\u00e9e de \u00ab lu et approuv\u00e9 \u00bb :"),
    ],
    [
        ("F2", 16, "Consultant services agreement"),
        ("F1", 10, "Equilibre - online consultation platform"),
        ("F1", 11, ""),
        ("F2", 11, "Between"),
        ("F1", 11, "Equilibre, hereinafter \"the platform\", and"),
        ("F1", 11, "Consultant's full name: ______________________________________"),
        ("F1", 11, "Address: ______________________________________________________"),
        ("F1", 11, "hereinafter \"the consultant\"."),
        ("F1", 11, ""),
        ("F2", 11, "1. Purpose"),
        ("F1", 11, "The consultant offers online consultations to the platform's clients,"),
        ("F1", 11, "independently and under their sole professional responsibility."),
        ("F2", 11, "2. The consultant's duties"),
        ("F1", 11, "The consultant works with care, keeps every exchange confidential and keeps"),
        ("F1", 11, "their availability up to date, and holds the degrees they submitted."),
        ("F2", 11, "3. Fees"),
        ("F1", 11, "The consultant sets the price of each session; the platform keeps a commission"),
        ("F1", 11, "on each session held and pays the balance to the consultant."),
        ("F2", 11, "4. Personal data"),
        ("F1", 11, "Clients' data are used for the consultation only (GDPR)."),
        ("F2", 11, "5. Term and termination"),
        ("F1", 11, "Open-ended agreement; either party may end it with thirty days' notice."),
        ("F1", 11, ""),
        ("F1", 11, "Signed at ____________________, on ____ / ____ / ________"),
        ("F1", 11, "Consultant's signature, preceded by \"read and approved\":"),
    ],
]


if __name__ == "__main__":
    out = Path(__file__).with_name("consultant-contract.pdf")
    out.write_bytes(build(TITLE, PAGES))
    print(out, out.stat().st_size, "bytes")
