import { EVENT_FAMILIES, SIGNAL_LABELS, type EventFamily, type Lead } from '@radar/contracts';
import { familyLabelOf } from '../domain/event-family';
import type { ListedLead } from '../data/lead-reads.repository';

const inContractOrder = (families: readonly EventFamily[]): EventFamily[] => EVENT_FAMILIES.filter((family) => families.includes(family));

/** The Lead record of interface.md: the event, whether the workspace watches the company, and the company's window. */
export const leadView = (lead: ListedLead): Lead => ({
  id: lead.id,
  domain: lead.domain,
  company_name: lead.companyName,
  signal_type: lead.signalType,
  signal_label: SIGNAL_LABELS[lead.signalType],
  family: lead.family,
  family_label: familyLabelOf(lead.family),
  category: lead.category,
  headline: lead.headline,
  details: lead.details,
  source_url: lead.sourceUrl,
  happened_on: lead.happenedOn,
  found_at: lead.foundAt.toISOString(),
  watched: lead.watched,
  company_signals: lead.company.signals,
  company_families: inContractOrder(lead.company.families),
});
