import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/zh/search',
    component: ComponentCreator('/zh/search', 'ab3'),
    exact: true
  },
  {
    path: '/zh/docs',
    component: ComponentCreator('/zh/docs', '1b1'),
    routes: [
      {
        path: '/zh/docs',
        component: ComponentCreator('/zh/docs', 'b1f'),
        routes: [
          {
            path: '/zh/docs',
            component: ComponentCreator('/zh/docs', '48b'),
            routes: [
              {
                path: '/zh/docs',
                component: ComponentCreator('/zh/docs', '978'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/benchmarks/eks-cni',
                component: ComponentCreator('/zh/docs/benchmarks/eks-cni', '857'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/benchmarks/local',
                component: ComponentCreator('/zh/docs/benchmarks/local', '602'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/benchmarks/tke-cilium',
                component: ComponentCreator('/zh/docs/benchmarks/tke-cilium', '4d0'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/contributing',
                component: ComponentCreator('/zh/docs/contributing', '3b3'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/contributing/add-a-chart',
                component: ComponentCreator('/zh/docs/contributing/add-a-chart', 'cee'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/contributing/add-a-locale',
                component: ComponentCreator('/zh/docs/contributing/add-a-locale', '307'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/contributing/publish-a-dataset-version',
                component: ComponentCreator('/zh/docs/contributing/publish-a-dataset-version', 'f2f'),
                exact: true,
                sidebar: "reports"
              },
              {
                path: '/zh/docs/contributing/write-a-report-section',
                component: ComponentCreator('/zh/docs/contributing/write-a-report-section', 'c05'),
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
    path: '/zh/',
    component: ComponentCreator('/zh/', 'a79'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
