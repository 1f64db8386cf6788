/**
 * The words PostgreSQL's `english` text search configuration drops (its snowball dictionary's
 * stop file, tsearch_data/english.stop, in file order). The PostgreSQL back-end drops them from
 * queries and documents alike; the Elasticsearch index drops exactly these from every searched
 * field and the query builder drops them from the query, so "bank of america" means
 * `bank & america` on both back-ends. Lucene's own English list (33 words) keeps "we", "our",
 * "about" and dozens more that PostgreSQL ignores.
 */
export const POSTGRES_ENGLISH_STOP_WORDS: readonly string[] = [
  'i', 'me', 'my', 'myself', 'we', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself',
  'yourselves', 'he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they',
  'them', 'their', 'theirs', 'themselves', 'what', 'which', 'who', 'whom', 'this', 'that', 'these', 'those',
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'have', 'has', 'had', 'having', 'do', 'does', 'did',
  'doing', 'a', 'an', 'the', 'and', 'but', 'if', 'or', 'because', 'as', 'until', 'while', 'of', 'at', 'by',
  'for', 'with', 'about', 'against', 'between', 'into', 'through', 'during', 'before', 'after', 'above',
  'below', 'to', 'from', 'up', 'down', 'in', 'out', 'on', 'off', 'over', 'under', 'again', 'further', 'then',
  'once', 'here', 'there', 'when', 'where', 'why', 'how', 'all', 'any', 'both', 'each', 'few', 'more', 'most',
  'other', 'some', 'such', 'no', 'nor', 'not', 'only', 'own', 'same', 'so', 'than', 'too', 'very', 's', 't',
  'can', 'will', 'just', 'don', 'should', 'now',
];

const STOP_WORDS = new Set(POSTGRES_ENGLISH_STOP_WORDS);

/** Whether PostgreSQL's English configuration ignores this (lower-case) word. */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);
