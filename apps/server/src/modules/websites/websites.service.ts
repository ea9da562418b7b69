import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import * as repo from './websites.repository.ts';

export async function getWebsite({ ctx, group }: Scope) {
  const row = await repo.findWebsite(ctx.db, group.id);
  if (!row) throw errors.notFound('noWebsite');
  const site = row.settings;
  const [sets, services] = await Promise.all([
    repo.resolveRefs(ctx.db, group.id, 'interventionsets'),
    repo.resolveRefs(ctx.db, group.id, 'interventions'),
  ]);
  const ids = (refs: string[], map: Map<string, number>) =>
    refs.flatMap((ref) => (map.has(ref) ? [map.get(ref)!] : []));
  const listed = site.listing === 'category' ? sets : services;
  const { images, ...rest } = site;
  return {
    group_id: group.id,
    ...rest,
    listing_ids: ids(site.listing_ids, listed),
    listset_ids: site.listing === 'category' ? ids(site.listing_ids, sets) : [],
    package_ids: site.listing === 'package' ? ids(site.listing_ids, services) : [],
    highlight_service: site.highlight_service ? (services.get(site.highlight_service) ?? null) : null,
    highlight_package: site.highlight_package ? (services.get(site.highlight_package) ?? null) : null,
    image: images[0]?.url ?? null,
    file_upload: images,
  };
}
