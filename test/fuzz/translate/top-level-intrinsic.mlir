nvvm.wgmma.commit.group.sync.aligned
