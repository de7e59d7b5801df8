import type { ModuleDefinition } from '../../shape/server-module.js';
import { racesRepository } from '../races/index.js';
import { usersRepository } from '../users/index.js';
import { channelImageStore } from './images.js';
import { channelsRepository } from './repository.js';
import { channelsRoutes } from './routes.js';
import { channelsService } from './service.js';

/** Creators' channels: their page, image and videos (document 001). */
export const channelsModule: ModuleDefinition = {
  name: 'channels',
  build: ({ config, db, signer, services }) => {
    const images = channelImageStore(config.mediaDir);
    const service = channelsService({
      channels: channelsRepository(db),
      races: racesRepository(db),
      users: usersRepository(db),
      images,
      counts: services.need('listingCounts'),
    });
    return {
      name: 'channels',
      apiRoutes: [
        channelsRoutes(service, signer, images.scratchDir, services.need('userPresenter').present),
      ],
    };
  },
};
