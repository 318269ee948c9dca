/** ISO 3166-1 alpha-2 countries by continent (the continent codes of the click record), as MaxMind assigns them. */
const BY_CONTINENT: Readonly<Record<string, string>> = {
  AF: "DZ AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ EG GQ ER ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD SZ TZ TG TN UG EH ZM ZW",
  AN: "AQ BV GS HM TF",
  AS: "AF AM AZ BH BD BT BN KH CN CY GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP OM PK PS PH QA SA SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE IO CX CC",
  EU: "AX AL AD AT BY BE BA BG HR CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB",
  NA: "AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI UM",
  OC: "AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV VU WF",
  SA: "AR BO BR CL CO EC FK GF GY PY PE SR UY VE",
};

const CONTINENT_OF = new Map(
  Object.entries(BY_CONTINENT).flatMap(([continent, countries]) =>
    countries.split(" ").map((country) => [country, continent] as const),
  ),
);

/** The continent of a country, or null for a code it does not know. */
export const continentOf = (country: string): string | null => CONTINENT_OF.get(country) ?? null;
