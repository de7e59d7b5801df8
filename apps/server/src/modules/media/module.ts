import type { ModuleDefinition } from '../../shape/server-module.js';
import { mediaFileRoutes, playbackRoutes } from './routes.js';
import { mediaService } from './service.js';

/** Signed playback of stored videos: the playback answer (API) and /media/{token}/{file}. */
export const mediaModule: ModuleDefinition = {
  name: 'media',
  build: ({ config, db, storage, signer }) => {
    const media = mediaService({ db, storage, signer, publicUrl: config.publicUrl });
    return {
      name: 'media',
      apiRoutes: [playbackRoutes(media)],
      rootRoutes: [mediaFileRoutes(media, storage)],
    };
  },
};
