/** Countries weighted like the audience of an English-first SaaS, with real cities and ISO 3166-2 regions. */

export type Continent = "AF" | "AN" | "AS" | "EU" | "NA" | "OC" | "SA";

export interface City {
  readonly name: string;
  readonly region: string; // ISO 3166-2
  readonly weight: number;
  readonly utcOffset: number; // hours, standard time (DST ignored on purpose: only shapes the daily cycle)
}

export interface Country {
  readonly code: string; // ISO 3166-1 alpha-2
  readonly continent: Continent;
  readonly weight: number;
  readonly cities: readonly City[];
  readonly ipv4: readonly number[]; // plausible first octets
  readonly ipv6: readonly string[]; // plausible first two groups
}

type CityRow = readonly [name: string, region: string, weight: number, utcOffset: number];

function country(
  code: string,
  continent: Continent,
  weight: number,
  cities: readonly CityRow[],
  ipv4: readonly number[],
  ipv6: readonly string[],
): Country {
  return {
    code,
    continent,
    weight,
    cities: cities.map(([name, region, w, utcOffset]) => ({ name, region, weight: w, utcOffset })),
    ipv4,
    ipv6,
  };
}

export const COUNTRIES: readonly Country[] = [
  country(
    "US",
    "NA",
    30,
    [
      ["New York", "US-NY", 14, -5],
      ["San Francisco", "US-CA", 11, -8],
      ["Los Angeles", "US-CA", 9, -8],
      ["Chicago", "US-IL", 7, -6],
      ["Austin", "US-TX", 6, -6],
      ["Seattle", "US-WA", 6, -8],
      ["Boston", "US-MA", 5, -5],
      ["Denver", "US-CO", 4, -7],
      ["Miami", "US-FL", 4, -5],
      ["Atlanta", "US-GA", 4, -5],
      ["Dallas", "US-TX", 4, -6],
      ["Ashburn", "US-VA", 2, -5],
    ],
    [23, 24, 45, 50, 66, 68, 71, 73, 76, 98, 99, 104, 107, 108, 173, 174],
    ["2600:1700", "2601:646", "2607:fb90", "2603:8000"],
  ),
  country(
    "GB",
    "EU",
    7.5,
    [
      ["London", "GB-ENG", 12, 0],
      ["Manchester", "GB-ENG", 4, 0],
      ["Birmingham", "GB-ENG", 3, 0],
      ["Bristol", "GB-ENG", 2, 0],
      ["Edinburgh", "GB-SCT", 2.5, 0],
      ["Glasgow", "GB-SCT", 1.5, 0],
      ["Cardiff", "GB-WLS", 1, 0],
      ["Belfast", "GB-NIR", 0.8, 0],
    ],
    [2, 5, 31, 51, 81, 86, 90, 92],
    ["2a00:23c6", "2a02:c7c"],
  ),
  country(
    "DE",
    "EU",
    6,
    [
      ["Berlin", "DE-BE", 8, 1],
      ["Munich", "DE-BY", 6, 1],
      ["Hamburg", "DE-HH", 4, 1],
      ["Frankfurt am Main", "DE-HE", 4, 1],
      ["Cologne", "DE-NW", 3, 1],
      ["Stuttgart", "DE-BW", 2.5, 1],
      ["Düsseldorf", "DE-NW", 2, 1],
    ],
    [5, 37, 46, 77, 79, 84, 87, 91, 93],
    ["2003:e4", "2a02:810d"],
  ),
  country(
    "IN",
    "AS",
    5.5,
    [
      ["Bengaluru", "IN-KA", 8, 5.5],
      ["Mumbai", "IN-MH", 7, 5.5],
      ["New Delhi", "IN-DL", 6, 5.5],
      ["Hyderabad", "IN-TG", 4, 5.5],
      ["Pune", "IN-MH", 3, 5.5],
      ["Chennai", "IN-TN", 3, 5.5],
    ],
    [27, 49, 103, 106, 117, 122, 157, 182],
    ["2401:4900", "2405:201"],
  ),
  country(
    "FR",
    "EU",
    4,
    [
      ["Paris", "FR-IDF", 10, 1],
      ["Lyon", "FR-ARA", 3, 1],
      ["Marseille", "FR-PAC", 2, 1],
      ["Toulouse", "FR-OCC", 2, 1],
      ["Bordeaux", "FR-NAQ", 1.5, 1],
      ["Lille", "FR-HDF", 1.5, 1],
    ],
    [2, 37, 78, 80, 82, 88, 90],
    ["2a01:cb00", "2a01:e0a"],
  ),
  country(
    "CA",
    "NA",
    4,
    [
      ["Toronto", "CA-ON", 8, -5],
      ["Vancouver", "CA-BC", 5, -8],
      ["Montreal", "CA-QC", 4, -5],
      ["Calgary", "CA-AB", 2, -7],
      ["Ottawa", "CA-ON", 2, -5],
    ],
    [24, 64, 70, 99, 142, 184, 206],
    ["2607:fea8", "2001:56a"],
  ),
  country(
    "BR",
    "SA",
    3.2,
    [
      ["São Paulo", "BR-SP", 10, -3],
      ["Rio de Janeiro", "BR-RJ", 5, -3],
      ["Belo Horizonte", "BR-MG", 2.5, -3],
      ["Curitiba", "BR-PR", 2, -3],
      ["Porto Alegre", "BR-RS", 1.5, -3],
    ],
    [177, 179, 186, 187, 189, 191, 200, 201],
    ["2804:14c", "2804:7f0"],
  ),
  country(
    "JP",
    "AS",
    2.8,
    [
      ["Tokyo", "JP-13", 12, 9],
      ["Osaka", "JP-27", 5, 9],
      ["Yokohama", "JP-14", 3, 9],
      ["Nagoya", "JP-23", 2, 9],
      ["Fukuoka", "JP-40", 2, 9],
      ["Sapporo", "JP-01", 1.5, 9],
    ],
    [1, 14, 60, 61, 114, 126, 133, 153],
    ["2400:4050", "240b:10"],
  ),
  country(
    "AU",
    "OC",
    2.8,
    [
      ["Sydney", "AU-NSW", 8, 10],
      ["Melbourne", "AU-VIC", 7, 10],
      ["Brisbane", "AU-QLD", 3, 10],
      ["Perth", "AU-WA", 2, 8],
      ["Adelaide", "AU-SA", 1.5, 9.5],
    ],
    [1, 14, 58, 101, 120, 124, 139, 203],
    ["2001:8003", "2403:580"],
  ),
  country(
    "NL",
    "EU",
    2.4,
    [
      ["Amsterdam", "NL-NH", 8, 1],
      ["Rotterdam", "NL-ZH", 3, 1],
      ["Utrecht", "NL-UT", 2.5, 1],
      ["The Hague", "NL-ZH", 2, 1],
      ["Eindhoven", "NL-NB", 1.5, 1],
    ],
    [31, 77, 80, 83, 84, 85, 145, 213],
    ["2a02:a44", "2001:1c00"],
  ),
  country(
    "ES",
    "EU",
    2.2,
    [
      ["Madrid", "ES-MD", 7, 1],
      ["Barcelona", "ES-CT", 6, 1],
      ["Valencia", "ES-VC", 2, 1],
      ["Seville", "ES-AN", 1.5, 1],
    ],
    [2, 79, 81, 83, 88, 95, 212, 213],
    ["2a0c:5a80", "2a02:9130"],
  ),
  country(
    "IT",
    "EU",
    2,
    [
      ["Milan", "IT-25", 7, 1],
      ["Rome", "IT-62", 6, 1],
      ["Turin", "IT-21", 2, 1],
      ["Bologna", "IT-45", 1.5, 1],
      ["Naples", "IT-72", 1.5, 1],
    ],
    [2, 5, 79, 87, 93, 95, 151, 213],
    ["2a01:e11", "2001:b07"],
  ),
  country(
    "SE",
    "EU",
    1.2,
    [
      ["Stockholm", "SE-AB", 6, 1],
      ["Gothenburg", "SE-O", 2.5, 1],
      ["Malmö", "SE-M", 1.5, 1],
    ],
    [31, 78, 81, 83, 90, 94, 155, 213],
    ["2001:2002", "2a00:801"],
  ),
  country(
    "MX",
    "NA",
    1.4,
    [
      ["Mexico City", "MX-CMX", 8, -6],
      ["Guadalajara", "MX-JAL", 3, -6],
      ["Monterrey", "MX-NLE", 3, -6],
    ],
    [177, 187, 189, 200, 201],
    ["2806:2f0", "2806:104e"],
  ),
  country(
    "PL",
    "EU",
    1.1,
    [
      ["Warsaw", "PL-14", 6, 1],
      ["Kraków", "PL-12", 3, 1],
      ["Wrocław", "PL-02", 2, 1],
      ["Gdańsk", "PL-22", 1.5, 1],
    ],
    [31, 46, 78, 83, 89, 91, 178, 188],
    ["2a01:110f", "2a02:a311"],
  ),
  country(
    "CH",
    "EU",
    0.9,
    [
      ["Zurich", "CH-ZH", 6, 1],
      ["Geneva", "CH-GE", 3, 1],
      ["Basel", "CH-BS", 1.5, 1],
      ["Bern", "CH-BE", 1.5, 1],
    ],
    [31, 46, 77, 85, 178, 188, 193, 213],
    ["2a02:1210", "2001:1711"],
  ),
  country("SG", "AS", 1, [["Singapore", "SG-01", 1, 8]], [27, 42, 116, 119, 128, 175, 203], ["2406:3003", "2400:d800"]),
  country(
    "KR",
    "AS",
    1,
    [
      ["Seoul", "KR-11", 8, 9],
      ["Busan", "KR-26", 2, 9],
      ["Incheon", "KR-28", 1.5, 9],
    ],
    [1, 14, 39, 58, 112, 175, 211, 220],
    ["2001:2d8", "2001:e60"],
  ),
  country(
    "IE",
    "EU",
    0.8,
    [
      ["Dublin", "IE-D", 7, 0],
      ["Cork", "IE-CO", 2, 0],
      ["Galway", "IE-G", 1, 0],
    ],
    [31, 37, 46, 78, 86, 89, 109, 213],
    ["2a02:8084", "2001:bb6"],
  ),
  country(
    "BE",
    "EU",
    0.7,
    [
      ["Brussels", "BE-BRU", 5, 1],
      ["Antwerp", "BE-VAN", 3, 1],
      ["Ghent", "BE-VOV", 2, 1],
    ],
    [78, 81, 84, 91, 109, 178, 188, 212],
    ["2a02:1812", "2a02:a03f"],
  ),
  country(
    "AT",
    "EU",
    0.6,
    [
      ["Vienna", "AT-9", 6, 1],
      ["Graz", "AT-6", 1.5, 1],
      ["Salzburg", "AT-5", 1, 1],
    ],
    [62, 77, 80, 84, 91, 178, 188, 212],
    ["2a02:8388", "2001:871"],
  ),
  country(
    "DK",
    "EU",
    0.6,
    [
      ["Copenhagen", "DK-84", 5, 1],
      ["Aarhus", "DK-82", 2, 1],
    ],
    [2, 5, 31, 80, 87, 90, 188, 212],
    ["2a05:f6c7", "2001:878"],
  ),
  country(
    "NO",
    "EU",
    0.5,
    [
      ["Oslo", "NO-03", 5, 1],
      ["Bergen", "NO-46", 2, 1],
      ["Trondheim", "NO-50", 1.5, 1],
    ],
    [46, 77, 81, 84, 88, 89, 109, 193],
    ["2a01:79c", "2001:4610"],
  ),
  country(
    "FI",
    "EU",
    0.5,
    [
      ["Helsinki", "FI-18", 5, 2],
      ["Tampere", "FI-11", 1.5, 2],
    ],
    [37, 62, 80, 84, 88, 91, 193, 213],
    ["2001:14ba", "2001:998"],
  ),
  country(
    "PT",
    "EU",
    0.6,
    [
      ["Lisbon", "PT-11", 5, 0],
      ["Porto", "PT-13", 3, 0],
    ],
    [2, 37, 46, 85, 89, 94, 148, 188],
    ["2001:8a0", "2a01:14"],
  ),
  country(
    "IL",
    "AS",
    0.7,
    [
      ["Tel Aviv", "IL-TA", 6, 2],
      ["Jerusalem", "IL-JM", 2, 2],
      ["Haifa", "IL-HA", 1.5, 2],
    ],
    [31, 46, 77, 79, 84, 89, 109, 212],
    ["2a02:6680", "2a0d:6fc0"],
  ),
  country(
    "AE",
    "AS",
    0.6,
    [
      ["Dubai", "AE-DU", 6, 4],
      ["Abu Dhabi", "AE-AZ", 2.5, 4],
    ],
    [2, 5, 31, 83, 86, 91, 94, 217],
    ["2001:8f8", "2a02:2ad0"],
  ),
  country(
    "ZA",
    "AF",
    0.7,
    [
      ["Johannesburg", "ZA-GP", 5, 2],
      ["Cape Town", "ZA-WC", 4, 2],
      ["Durban", "ZA-KZN", 2, 2],
    ],
    [41, 102, 105, 129, 154, 160, 196, 197],
    ["2c0f:f4c0", "2c0f:fb50"],
  ),
  country(
    "NG",
    "AF",
    0.6,
    [
      ["Lagos", "NG-LA", 6, 1],
      ["Abuja", "NG-FC", 2.5, 1],
    ],
    [41, 102, 105, 129, 154, 197],
    ["2c0f:f5c0", "2c0f:2a80"],
  ),
  country(
    "KE",
    "AF",
    0.3,
    [
      ["Nairobi", "KE-30", 6, 3],
      ["Mombasa", "KE-28", 1.5, 3],
    ],
    [41, 102, 105, 154, 196, 197],
    ["2c0f:fe38", "2c0f:fa18"],
  ),
  country(
    "EG",
    "AF",
    0.4,
    [
      ["Cairo", "EG-C", 6, 2],
      ["Alexandria", "EG-ALX", 2.5, 2],
    ],
    [41, 45, 102, 154, 156, 196, 197],
    ["2c0f:fc88", "2c0f:f738"],
  ),
  country(
    "AR",
    "SA",
    0.7,
    [
      ["Buenos Aires", "AR-C", 7, -3],
      ["Córdoba", "AR-X", 2, -3],
      ["Rosario", "AR-S", 1.5, -3],
    ],
    [24, 152, 181, 186, 190, 200, 201],
    ["2800:810", "2803:9800"],
  ),
  country(
    "CO",
    "SA",
    0.6,
    [
      ["Bogotá", "CO-DC", 6, -5],
      ["Medellín", "CO-ANT", 3, -5],
      ["Cali", "CO-VAC", 1.5, -5],
    ],
    [152, 179, 181, 186, 190, 191, 200],
    ["2800:e2", "2803:1800"],
  ),
  country(
    "CL",
    "SA",
    0.4,
    [
      ["Santiago", "CL-RM", 7, -4],
      ["Valparaíso", "CL-VS", 1.5, -4],
    ],
    [152, 179, 181, 186, 190, 191, 200],
    ["2800:150", "2803:c600"],
  ),
  country(
    "ID",
    "AS",
    0.9,
    [
      ["Jakarta", "ID-JK", 7, 7],
      ["Surabaya", "ID-JI", 2, 7],
      ["Bandung", "ID-JB", 2, 7],
    ],
    [36, 39, 103, 110, 114, 125, 180, 182],
    ["2001:448a", "2404:c0"],
  ),
  country(
    "PH",
    "AS",
    0.8,
    [
      ["Manila", "PH-00", 7, 8],
      ["Cebu City", "PH-CEB", 2, 8],
    ],
    [49, 112, 120, 124, 130, 175, 180, 202],
    ["2001:4454", "2405:8d40"],
  ),
  country(
    "VN",
    "AS",
    0.5,
    [
      ["Ho Chi Minh City", "VN-SG", 6, 7],
      ["Hanoi", "VN-HN", 5, 7],
    ],
    [1, 14, 27, 42, 113, 116, 171, 222],
    ["2402:800", "2405:4803"],
  ),
  country(
    "TR",
    "AS",
    0.7,
    [
      ["Istanbul", "TR-34", 8, 3],
      ["Ankara", "TR-06", 2.5, 3],
      ["Izmir", "TR-35", 2, 3],
    ],
    [31, 46, 78, 85, 88, 94, 176, 212],
    ["2a02:ff0", "2a00:1d34"],
  ),
  country(
    "NZ",
    "OC",
    0.5,
    [
      ["Auckland", "NZ-AUK", 6, 12],
      ["Wellington", "NZ-WGN", 2.5, 12],
      ["Christchurch", "NZ-CAN", 1.5, 12],
    ],
    [27, 49, 101, 111, 115, 122, 125, 203],
    ["2404:4400", "2407:7000"],
  ),
  country(
    "CZ",
    "EU",
    0.4,
    [
      ["Prague", "CZ-10", 6, 1],
      ["Brno", "CZ-64", 2, 1],
    ],
    [31, 46, 77, 78, 85, 89, 109, 185],
    ["2a00:1028", "2001:718"],
  ),
  country(
    "RO",
    "EU",
    0.4,
    [
      ["Bucharest", "RO-B", 6, 2],
      ["Cluj-Napoca", "RO-CJ", 2.5, 2],
    ],
    [5, 31, 46, 79, 86, 89, 109, 188],
    ["2a02:2f0c", "2a02:2f04"],
  ),
  country(
    "UA",
    "EU",
    0.4,
    [
      ["Kyiv", "UA-30", 7, 2],
      ["Lviv", "UA-46", 2, 2],
    ],
    [31, 37, 46, 77, 91, 93, 176, 178],
    ["2a02:2378", "2a01:6d80"],
  ),
  country(
    "TW",
    "AS",
    0.5,
    [
      ["Taipei", "TW-TPE", 7, 8],
      ["Taichung", "TW-TXG", 2, 8],
    ],
    [1, 36, 42, 59, 61, 111, 114, 118],
    ["2001:b011", "2001:b400"],
  ),
  country(
    "MY",
    "AS",
    0.4,
    [
      ["Kuala Lumpur", "MY-14", 6, 8],
      ["Penang", "MY-07", 1.5, 8],
    ],
    [1, 14, 42, 60, 115, 175, 183, 210],
    ["2001:e68", "2405:3800"],
  ),
  country(
    "TH",
    "AS",
    0.4,
    [
      ["Bangkok", "TH-10", 7, 7],
      ["Chiang Mai", "TH-50", 1.5, 7],
    ],
    [1, 27, 49, 58, 110, 124, 171, 184],
    ["2403:6200", "2001:fb1"],
  ),
  country(
    "PK",
    "AS",
    0.4,
    [
      ["Karachi", "PK-SD", 5, 5],
      ["Lahore", "PK-PB", 4, 5],
      ["Islamabad", "PK-IS", 2, 5],
    ],
    [39, 58, 103, 110, 111, 119, 175, 182],
    ["2400:adc0", "2407:aa80"],
  ),
];

/** One row per city, flattened: the click geo dimension. */
export interface GeoRow {
  readonly country: Country;
  readonly city: City;
}

export const GEO_ROWS: readonly GeoRow[] = COUNTRIES.flatMap((country) =>
  country.cities.map((city) => ({ country, city })),
);
