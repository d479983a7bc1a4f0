import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/search',
    component: ComponentCreator('/search', '822'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'aeb'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'a10'),
        routes: [
          {
            path: '/docs',
            component: ComponentCreator('/docs', '650'),
            routes: [
              {
                path: '/docs',
                component: ComponentCreator('/docs', 'a9d'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/benchmarks/eks-cni',
                component: ComponentCreator('/docs/benchmarks/eks-cni', '54e'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/benchmarks/local',
                component: ComponentCreator('/docs/benchmarks/local', 'b35'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/benchmarks/tke-cilium',
                component: ComponentCreator('/docs/benchmarks/tke-cilium', '72c'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/contributing',
                component: ComponentCreator('/docs/contributing', '342'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/contributing/add-a-chart',
                component: ComponentCreator('/docs/contributing/add-a-chart', '621'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/contributing/add-a-locale',
                component: ComponentCreator('/docs/contributing/add-a-locale', 'ae1'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/contributing/publish-a-dataset-version',
                component: ComponentCreator('/docs/contributing/publish-a-dataset-version', '572'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/docs/contributing/write-a-report-section',
                component: ComponentCreator('/docs/contributing/write-a-report-section', '05c'),
                exact: true,
                sidebar: "reports"
              }
            ]
          }
        ]
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
