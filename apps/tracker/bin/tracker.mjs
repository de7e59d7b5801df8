#!/usr/bin/env node
// The `tracker` command: the built local trainer bridge.
import '../dist/main.js';
