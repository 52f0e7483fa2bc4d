// `import 'autograph-ts/convert'`: brings the run-time converter and its Babel into a page. The
// package's Node entry has the converter and loads Babel itself on the first conversion; a browser
// bundle has neither, so an app that converts functions at run time (rather than with the Vite or
// Babel plugin at build time) imports this entry once. Needs @babel/*, install. Produces nothing but
// that side effect.

import * as types from '@babel/types';
import * as parser from '@babel/parser';
import template from '@babel/template';
import generator from '@babel/generator';
import * as codeFrame from '@babel/code-frame';
import { provideBabel } from './util/babel-load.js';
import './install.js';

provideBabel({ types, parser, template, generator, codeFrame });
