import type { NameFamily } from './countries';

/** Word parts for made-up brand names: "Bright" + "path" = "Brightpath". All plain ASCII. */
export const BRAND_STARTS: readonly string[] = [
  'Bright', 'Blue', 'North', 'Clear', 'Silver', 'Iron', 'Red', 'Green', 'Swift', 'True', 'Open', 'Deep', 'High', 'Summit', 'Peak',
  'Stone', 'Oak', 'Pine', 'River', 'Lake', 'Sun', 'Star', 'Nova', 'Apex', 'Vertex', 'Quantum', 'Atlas', 'Orbit', 'Pixel', 'Vector',
  'Core', 'Prime', 'Next', 'Bold', 'Smart', 'Key', 'Arc', 'Beacon', 'Cedar', 'Falcon', 'Harbor', 'Maple', 'Meridian', 'Nimbus',
  'Onyx', 'Polar', 'Radiant', 'Sage', 'Terra', 'Zen', 'Alpine', 'Amber', 'Aurora', 'Birch', 'Cobalt', 'Coral', 'Crest', 'Delta',
  'Echo', 'Ember', 'Fern', 'Flint', 'Fox', 'Golden', 'Granite', 'Hawk', 'Indigo', 'Jade', 'Juniper', 'Kite', 'Lumen', 'Lunar',
  'Metro', 'Mint', 'Neon', 'Noble', 'Ocean', 'Olive', 'Opal', 'Pacific', 'Pioneer', 'Pulse', 'Quartz', 'Raven', 'Ridge', 'Sierra',
  'Signal', 'Solar', 'Spring', 'Steel', 'Tidal', 'Titan', 'Urban', 'Vantage', 'Velvet', 'Willow', 'Wolf', 'Zenith', 'Keystone',
];

export const BRAND_ENDS: readonly string[] = [
  'path', 'field', 'wave', 'stone', 'bridge', 'point', 'line', 'works', 'forge', 'light', 'gate', 'scale', 'stack', 'mark', 'shift',
  'loop', 'leaf', 'wise', 'craft', 'base', 'flow', 'sphere', 'vista', 'port', 'ridge', 'view', 'nest', 'spark', 'hive', 'mind',
  'ly', 'io', 'ify', 'ora', 'ix', 'va', 'wood', 'water', 'rock', 'star', 'wing', 'tree', 'haven', 'vale', 'bay', 'crest',
  'dale', 'well', 'peak', 'sight', 'beam', 'grid', 'core', 'link', 'sync', 'lane', 'yard', 'land', 'brook', 'hill',
];

/** Standalone brand words used alone or before a descriptor: "Meridian Health". */
export const BRAND_WORDS: readonly string[] = [
  'Acumen', 'Adept', 'Agile', 'Allied', 'Anchor', 'Ascend', 'Aspire', 'Axiom', 'Cadence', 'Catalyst', 'Clarity', 'Compass',
  'Concord', 'Crescent', 'Elevate', 'Elevation', 'Emerald', 'Endeavor', 'Envision', 'Equinox', 'Evergreen', 'Fusion', 'Genesis',
  'Horizon', 'Insight', 'Integrity', 'Keystone', 'Landmark', 'Legacy', 'Liberty', 'Lighthouse', 'Momentum', 'Monarch', 'Nexus',
  'Northstar', 'Paragon', 'Pinnacle', 'Premier', 'Providence', 'Radius', 'Reliance', 'Sentinel', 'Sterling', 'Synergy', 'Trinity',
  'Unity', 'Vanguard', 'Venture', 'Vertex', 'Vista', 'Zephyr', 'Meridian', 'Beacon', 'Harbor', 'Summit', 'Atlas', 'Apex',
];

/** Common surnames per naming tradition, transliterated to ASCII so they can become domain labels. */
export const SURNAMES: Readonly<Record<NameFamily, readonly string[]>> = {
  anglo: ['Carter', 'Hayes', 'Bennett', 'Foster', 'Brooks', 'Hughes', 'Collins', 'Morgan', 'Parker', 'Reed', 'Sullivan', 'Walsh',
    'Fletcher', 'Harper', 'Lawson', 'Mitchell', 'Palmer', 'Whitman', 'Cole', 'Turner', 'Spencer', 'Griffin', 'Porter', 'Russell'],
  german: ['Schmidt', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Fischer', 'Schulz', 'Koch', 'Richter', 'Wolf', 'Neumann', 'Braun',
    'Krause', 'Lange', 'Vogel', 'Keller', 'Hartmann', 'Werner', 'Lehmann', 'Kaiser', 'Schneider', 'Meyer', 'Zimmermann', 'Huber'],
  french: ['Dubois', 'Moreau', 'Laurent', 'Lefevre', 'Girard', 'Bonnet', 'Mercier', 'Fontaine', 'Rousseau', 'Blanc', 'Garnier',
    'Chevalier', 'Renaud', 'Marchand', 'Perrin', 'Lambert', 'Caron', 'Martin', 'Bernard', 'Durand'],
  indian: ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Gupta', 'Mehta', 'Rao', 'Nair', 'Agarwal', 'Kapoor', 'Malhotra', 'Joshi', 'Chopra',
    'Bhat', 'Desai', 'Kulkarni', 'Menon', 'Verma', 'Singh', 'Banerjee'],
  spanish: ['Garcia', 'Martinez', 'Lopez', 'Fernandez', 'Ruiz', 'Navarro', 'Torres', 'Moreno', 'Romero', 'Alvarez', 'Castillo',
    'Ortega', 'Vargas', 'Herrera', 'Medina', 'Jimenez', 'Delgado', 'Vega'],
  italian: ['Rossi', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa', 'Fontana',
    'Esposito', 'Moretti', 'Barbieri', 'Lombardi', 'Ferrari', 'Galli'],
  portuguese: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Almeida', 'Ferreira', 'Carvalho', 'Ribeiro', 'Rocha',
    'Martins', 'Barbosa', 'Gomes', 'Lima', 'Araujo'],
  dutch: ['Jansen', 'Bakker', 'Visser', 'Smit', 'Mulder', 'de Jong', 'van Dijk', 'Meijer', 'Bos', 'Vos', 'Dekker', 'Peeters',
    'Janssens', 'Maes', 'de Vries', 'Hendriks'],
  nordic: ['Andersson', 'Johansson', 'Lindqvist', 'Nilsson', 'Berg', 'Dahl', 'Hansen', 'Larsen', 'Nielsen', 'Lund', 'Virtanen',
    'Nieminen', 'Karlsson', 'Eriksen', 'Holm', 'Strand'],
  japanese: ['Tanaka', 'Suzuki', 'Sato', 'Takahashi', 'Watanabe', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada', 'Ito'],
  chinese: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Zhou', 'Wu', 'Xu', 'Sun', 'Hua', 'Tian'],
  korean: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Han', 'Shin'],
  polish: ['Nowak', 'Kowalski', 'Wisniewski', 'Wojcik', 'Kaminski', 'Lewandowski', 'Zielinski', 'Szymanski', 'Dabrowski', 'Mazur'],
  hebrew: ['Cohen', 'Levi', 'Mizrahi', 'Peretz', 'Biton', 'Friedman', 'Shapiro', 'Katz', 'Avraham', 'Golan'],
  arabic: ['Haddad', 'Nasser', 'Khalil', 'Farouk', 'Saleh', 'Hamdan', 'Mansour', 'Rashid', 'Aziz', 'Karim'],
  african: ['Okafor', 'Adeyemi', 'Balogun', 'Nwosu', 'Okoye', 'Kamau', 'Otieno', 'Naidoo', 'Botha', 'Dlamini', 'Mensah', 'Mokoena'],
  turkish: ['Yilmaz', 'Kaya', 'Demir', 'Sahin', 'Celik', 'Aydin', 'Ozturk', 'Arslan', 'Dogan', 'Kilic'],
  southeast_asian: ['Santoso', 'Wijaya', 'Tan', 'Lim', 'Reyes', 'Cruz', 'Santos', 'Ong', 'Goh', 'Halim', 'Rahman', 'Aquino'],
  vietnamese: ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Phan', 'Vu', 'Dang', 'Bui', 'Do'],
  pakistani: ['Khan', 'Ahmed', 'Malik', 'Qureshi', 'Siddiqui', 'Butt', 'Chaudhry', 'Sheikh', 'Hussain', 'Raza'],
};

/** Given names for people in news headlines (hires, promotions, departures). */
export const GIVEN_NAMES: Readonly<Record<NameFamily, readonly string[]>> = {
  anglo: ['James', 'Emily', 'Michael', 'Sarah', 'David', 'Jessica', 'Daniel', 'Laura', 'Chris', 'Rachel', 'Andrew', 'Megan'],
  german: ['Lukas', 'Anna', 'Felix', 'Lena', 'Jonas', 'Laura', 'Maximilian', 'Katharina', 'Tobias', 'Julia'],
  french: ['Louis', 'Camille', 'Hugo', 'Chloe', 'Antoine', 'Manon', 'Julien', 'Claire', 'Nicolas', 'Sophie'],
  indian: ['Arjun', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Divya', 'Rohan', 'Neha', 'Karthik', 'Pooja'],
  spanish: ['Alejandro', 'Lucia', 'Javier', 'Sofia', 'Carlos', 'Maria', 'Diego', 'Elena', 'Pablo', 'Carmen'],
  italian: ['Marco', 'Giulia', 'Luca', 'Francesca', 'Matteo', 'Chiara', 'Andrea', 'Sara', 'Paolo', 'Elisa'],
  portuguese: ['Joao', 'Ana', 'Pedro', 'Beatriz', 'Lucas', 'Mariana', 'Rafael', 'Camila', 'Tiago', 'Ines'],
  dutch: ['Daan', 'Emma', 'Sem', 'Julia', 'Lars', 'Sanne', 'Thijs', 'Lotte', 'Bram', 'Anouk'],
  nordic: ['Erik', 'Ingrid', 'Lars', 'Astrid', 'Magnus', 'Sofie', 'Anders', 'Freja', 'Mikko', 'Aino'],
  japanese: ['Haruto', 'Yui', 'Kenji', 'Aiko', 'Takeshi', 'Sakura', 'Hiroshi', 'Yuki', 'Daiki', 'Mei'],
  chinese: ['Wei', 'Li Na', 'Jun', 'Mei', 'Hao', 'Xin', 'Lei', 'Yan', 'Jie', 'Ying'],
  korean: ['Min-jun', 'Seo-yeon', 'Ji-ho', 'Ha-eun', 'Joon', 'Soo-ah', 'Hyun', 'Ji-woo'],
  polish: ['Jakub', 'Zuzanna', 'Piotr', 'Anna', 'Tomasz', 'Katarzyna', 'Marek', 'Agnieszka'],
  hebrew: ['Noam', 'Yael', 'Itai', 'Noa', 'Eitan', 'Tamar', 'Omer', 'Shira'],
  arabic: ['Omar', 'Layla', 'Youssef', 'Nour', 'Karim', 'Sara', 'Hassan', 'Mariam'],
  african: ['Chinedu', 'Amara', 'Tunde', 'Zanele', 'Kwame', 'Wanjiru', 'Sipho', 'Ngozi'],
  turkish: ['Emre', 'Elif', 'Mehmet', 'Zeynep', 'Burak', 'Ayse', 'Can', 'Deniz'],
  southeast_asian: ['Budi', 'Siti', 'Wei Ming', 'Mei Ling', 'Jose', 'Maria', 'Arif', 'Nurul'],
  vietnamese: ['Minh', 'Linh', 'Duc', 'Trang', 'Huy', 'Thao', 'Nam', 'Hoa'],
  pakistani: ['Ali', 'Ayesha', 'Usman', 'Fatima', 'Bilal', 'Zainab', 'Hamza', 'Sana'],
};
